/** Listing cards for the deals, as the opportunities area draws them. */
export { cardsById } from '../opportunities/cards';
