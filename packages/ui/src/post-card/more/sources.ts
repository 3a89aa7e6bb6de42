import { reportItems } from '../report/reportItems';
import { relationItems } from './relationItems';
import type { MoreMenuSource } from './types';

/**
 * Every feature's items for the ⋯ menus (cards, comments, profiles), in the order they appear. To add items,
 * write a `MoreMenuSource` in its own file and list it here.
 */
export const MENU_SOURCES: MoreMenuSource[] = [relationItems, reportItems];
