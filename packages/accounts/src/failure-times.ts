/** Times of failed tries as the expiring store keeps them (anything else stored there counts as none). */
export const isTimes = (x: unknown): x is number[] => Array.isArray(x) && x.every((t) => typeof t === 'number');
