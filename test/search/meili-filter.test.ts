import { describe, expect, it } from 'vitest';
import { MEILI_SETTINGS, meiliFilter } from '../../src/search/meilisearch-engine.ts';

// The Meilisearch engine's pure parts (its contract suite needs a server).

describe('Meilisearch filters and settings', () => {
  it('scopes to the visible projects and Normal status by default', () => {
    expect(meiliFilter({ visibleProjectIds: [3, 7], limit: 10 })).toEqual(['projectId IN [3, 7]', 'status = "Normal"']);
  });

  it('turns every filter into an ANDed expression, quoting strings', () => {
    expect(
      meiliFilter({
        visibleProjectIds: [1],
        projectId: 1,
        section: 'In "Review" \\ QA',
        assignedTo: 42,
        priority: 'high',
        hasDueDate: false,
        status: 'Archive',
        limit: 5,
      }),
    ).toEqual([
      'projectId IN [1]',
      'status = "Archive"',
      'projectId = 1',
      'sectionKey = "in \\"review\\" \\\\ qa"',
      'assigneeIds = 42',
      'priority = "high"',
      'hasDueDate = false',
    ]);
    expect(meiliFilter({ visibleProjectIds: [1], assignedTo: 'unassigned', limit: 1 })).toContain('unassigned = true');
  });

  it('settings: every filter is filterable, typo rule 4/8, newest wins ties', () => {
    for (const attr of [
      'projectId',
      'sectionKey',
      'assigneeIds',
      'unassigned',
      'priority',
      'hasDueDate',
      'status',
      'ticketNumber',
    ]) {
      expect(MEILI_SETTINGS.filterableAttributes).toContain(attr);
    }
    expect(MEILI_SETTINGS.typoTolerance).toMatchObject({
      enabled: true,
      minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 },
    });
    expect(MEILI_SETTINGS.rankingRules?.at(-1)).toBe('updatedAt:desc');
  });
});
