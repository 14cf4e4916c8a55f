// The seek guard and the stretches a playing video reports.
import { describe, expect, it } from 'vitest';
import { createWatchTracker } from './watch-tracker';

describe('the watch tracker', () => {
  it('snaps a seek more than 0.5 s past the furthest point back to it; backwards is fine', () => {
    const tracker = createWatchTracker(10);
    expect(tracker.guardSeek(10.4)).toBe(10.4);
    expect(tracker.guardSeek(11)).toBe(10);
    expect(tracker.guardSeek(3)).toBe(3);
  });

  it('raises the furthest point as the video plays on, and reports the stretch played', () => {
    const tracker = createWatchTracker(0);
    for (const time of [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5]) expect(tracker.onPlaying(time)).toBeUndefined();
    expect(tracker.furthest).toBe(1.5);
    expect(tracker.take()).toEqual({ from: 0, to: 1.5 });
    tracker.onPlaying(1.75);
    tracker.onPlaying(2);
    expect(tracker.take()).toEqual({ from: 1.5, to: 2 });
    expect(tracker.take()).toBeUndefined();
  });

  it('ends a stretch at a jump and hands it over to be reported at once', () => {
    const tracker = createWatchTracker(0);
    for (const time of [0, 0.5, 1, 1.5, 2]) tracker.onPlaying(time);
    expect(tracker.onPlaying(0.5)).toEqual({ from: 0, to: 2 });
    tracker.onPlaying(1);
    expect(tracker.take()).toEqual({ from: 0.5, to: 1 });
    expect(tracker.furthest).toBe(2);
  });

  it('puts a stretch that did not get through in front of the next one', () => {
    const tracker = createWatchTracker(0);
    for (const time of [0, 0.5, 1]) tracker.onPlaying(time);
    const lost = tracker.take();
    for (const time of [1.5, 2]) tracker.onPlaying(time);
    if (lost) tracker.putBack(lost);
    expect(tracker.take()).toEqual({ from: 0, to: 2 });
  });
});
