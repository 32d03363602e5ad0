/**
 * The one "reward ready" rule lives with the stamps kind (server/src/kinds/stamps.ts): the card
 * page, the scanner's answer, the wallet passes, the directory's flag and the segments all ask
 * there, so the "Reward ready" a customer sees and the one the owner counts cannot drift apart.
 */
export { rewardReady } from "../../../../../contract/kinds/stamps";
export { rewardReadySql } from "../../../kinds/stamps";
