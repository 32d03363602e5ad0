// The scanner's checks of what is typed, the contract's own schemas: card-scanner.tsx loads this
// module when the scanner is first used.
export { cardSerial } from "@/contract/cards";
export { amountField } from "@/contract/money";
