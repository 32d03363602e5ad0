// add-reward's fields of every kind as zod shapes, apart from the kinds' faces (../index.ts), so
// that what the browser asks of a kind (its balance words, its flags) brings no zod with it. Each
// kind checks its own in the body (`kindOf(kind).checkBody`).
import { cashbackFields } from "./cashback";
import { multipassFields } from "./multipass";
import { pointsFields } from "./points";
import { stampsFields } from "./stamps";

/** add-reward's fields of every kind (the body is flat, every kind's fields in it). */
export const KIND_FIELDS = { ...stampsFields, ...pointsFields, ...cashbackFields, ...multipassFields };
