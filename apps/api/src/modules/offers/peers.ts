/** Listing cards for "offers I made", as the opportunities area draws them. */
export { cardsById } from '../opportunities/cards';
