// The diary's formats live in lib/ since the trainer's file reads a diary too.
export { formatAmount, formatCardio, formatDay, formatLoad, formatWater } from '#lib/diary-format';
