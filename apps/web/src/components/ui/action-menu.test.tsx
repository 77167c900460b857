import { describe, expect, it } from 'vitest';
import { placeMenu } from './action-menu';

const laptop = { width: 1366, height: 768 };
const phone = { width: 360, height: 640 };

describe('placeMenu', () => {
  it('opens below a button with room below', () => {
    expect(placeMenu({ top: 100, bottom: 136 }, { height: 300, left: 10, right: 234 }, laptop)).toEqual({
      up: false,
      maxHeight: undefined,
      shift: 0,
    });
  });

  it("opens above a button at the foot of a window when the room below is short (the detail's 'Thao tác khác' at 1366×768)", () => {
    expect(placeMenu({ top: 690, bottom: 726 }, { height: 330, left: 300, right: 524 }, laptop)).toEqual({
      up: true,
      maxHeight: undefined,
      shift: 0,
    });
  });

  it('bounds its height to the larger room, where it scrolls', () => {
    expect(placeMenu({ top: 300, bottom: 336 }, { height: 500, left: 10, right: 234 }, phone)).toEqual({
      up: false,
      maxHeight: 296,
      shift: 0,
    });
  });

  it('moves sideways to stay inside a narrow screen', () => {
    expect(placeMenu({ top: 100, bottom: 136 }, { height: 200, left: 200, right: 424 }, phone).shift).toBe(-72);
    expect(placeMenu({ top: 100, bottom: 136 }, { height: 200, left: -30, right: 194 }, phone).shift).toBe(38);
  });
});
