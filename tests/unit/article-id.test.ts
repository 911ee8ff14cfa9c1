import { describe, expect, it } from 'vitest';
import { ZArticleId } from '../../src/domain/article-id.ts';

describe('article id of the view beacon', () => {
  it.each([
    ['3141ff16-cce4-4eb2-88cb-37abeb4d9c52', true],
    ['3141FF16-CCE4-4EB2-88CB-37ABEB4D9C52', true],
    ['3141ff16cce44eb288cb37abeb4d9c52', false],
    ['3141ff16-cce4-4eb2-88cb-37abeb4d9c5', false],
    ['not-a-uuid', false],
    ["1' or '1'='1", false],
    ['', false],
  ])('%s -> %s', (id, valid) => {
    expect(ZArticleId.safeParse(id).success).toBe(valid);
  });

  it('says what is wrong', () => {
    expect(ZArticleId.safeParse('nope').error?.issues[0]?.message).toBe('Invalid article id');
  });
});
