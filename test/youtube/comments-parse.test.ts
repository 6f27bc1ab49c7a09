import fs from 'node:fs';
import path from 'node:path';
import { createYouTubeClient, YouTubeError } from '../../src/youtube';
import { cleanCommentText, findCommentsEntry, maxPages, parseCount, readCommentsPage } from '../../src/youtube/comments';

/** Comment pages as YouTube sends them, read without a server; the paging loop on a scripted transport. */

function fixture(name: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'comments', name), 'utf8'));
}

describe('parseCount', () => {
  it.each<[string, number]>([
    ['', 0],
    ['0', 0],
    ['12', 12],
    ['845', 845],
    ['1,234', 1234],
    ['1.234', 1234],
    ['1 234', 1234],
    ['1\u202f234', 1234],
    ['1K', 1000],
    ['1.2K', 1200],
    ['12K', 12000],
    ['999K', 999000],
    ['3M', 3_000_000],
    ['1.5M', 1_500_000],
    ['2B', 2_000_000_000],
    ['1.2K likes', 1200],
    ['1,234 likes', 1234],
    ['Like this comment along with 1,234 other people', 1234],
    ['1,2 k', 1200],
    ['1,2\u00a0k', 1200],
    ['12,5 K', 12500],
    ['3 mil', 3000],
    ['1,2 mil', 1200],
    ['1,2 mil Me gusta', 1200],
    ['1,5 mil millones', 1_500_000_000],
    ['2,3 mi', 2_300_000],
    ['1,2 Mio.', 1_200_000],
    ['3 Mrd.', 3_000_000_000],
    ['4,5 tys.', 4500],
    ['1,2 E', 1200],
    ['3,4 M', 3_400_000],
    ['1.2 N', 1200],
    ['1,5 Tr', 1_500_000],
    ['12 тыс.', 12000],
    ['1,2 млн', 1_200_000],
    ['1.2万', 12000],
    ['12万', 120000],
    ['3億', 300_000_000],
    ['1.2천', 1200],
    ['3.4만', 34000],
    ['12000 人が [高く評価] にしました', 12000],
    ['１２３', 123],
    ['١٢٣', 123],
    ['Like', 0],
    ['Reply', 0],
  ])('%j is %d', (text, expected) => {
    expect(parseCount(text)).toBe(expected);
  });

  it('reads a word that only starts like a multiplier as no multiplier', () => {
    expect(parseCount('12 likes')).toBe(12);
    expect(parseCount('7 minutes')).toBe(7);
    expect(parseCount('5 kids')).toBe(5);
  });

  it('is 0 for anything that is not text', () => {
    expect(parseCount(undefined)).toBe(0);
    expect(parseCount(null)).toBe(0);
  });
});

describe('cleanCommentText', () => {
  it('drops NUL and other controls, keeps line breaks, mends unpaired surrogates', () => {
    expect(cleanCommentText('a\u0000b\u0007c\u009f')).toBe('abc');
    expect(cleanCommentText('one\r\ntwo\rthree\n\nfour')).toBe('one\ntwo\nthree\n\nfour');
    expect(cleanCommentText('broken \ud83d emoji \ude00')).toBe('broken \ufffd emoji \ufffd');
    expect(cleanCommentText('whole \ud83d\ude00 emoji')).toBe('whole \ud83d\ude00 emoji');
    expect(cleanCommentText('  padded \t\n ')).toBe('padded');
  });
});

describe('older shape: commentThreadRenderer.comment.commentRenderer', () => {
  const page = readCommentsPage(fixture('renderer-first-page.json'));

  it('reads every field of the inline renderer', () => {
    expect(page.recognised).toBe(true);
    expect(page.comments).toEqual([
      {
        comment_id: 'UgzCreatorPinned0000AaABAg',
        author: '@CrumbAndCrust',
        text: 'Thanks for watching! Shaping starts at 3:12 \ud83c\udf5e\nQuestions welcome & answered below.',
        like_count: 1200,
        reply_count: 12,
        published: '2 years ago',
        is_pinned: true,
        is_creator: true,
      },
      {
        comment_id: 'UgxMariaTopComment0004AaABAg',
        author: '@mariabakes',
        text: "Finally a starter guide that doesn't skip the boring parts.",
        like_count: 845,
        reply_count: 3,
        published: '1 year ago (edited)',
        is_pinned: false,
        is_creator: false,
      },
      {
        // No voteCount and no replyCount: zero of each. Text cleaned of the NUL and trimmed.
        comment_id: 'UgwQuietLurker00000004AaABAg',
        author: '@quietlurker',
        text: 'first time commenting, great video',
        like_count: 0,
        reply_count: 0,
        published: '3 days ago',
        is_pinned: false,
        is_creator: false,
      },
    ]);
    expect(page.unreadable).toBe(1); // the thread without a commentId
  });

  it('finds the next page and the selected "Top comments" item of the header', () => {
    expect(page.next).toBe('Eg0SC2RRdzR3OVdnWGNRGAYy-QIKzQJnZXRfcmFua2VkX3N0cmVhbXMtLUNxWUJDSUFFRlJlMzBUZ2FtZ0VLbFFFSTJGOFFnQVFZQnlLS0FUQ2FhZw%3D%3D');
    expect(page.sort).toEqual({
      topToken: 'Eg0SC2RRdzR3OVdnWGNRGAYyJSIRIgtkUXc0dzlXZ1hjUTAAeAJCEGNvbW1lbnRzLXNlY3Rpb24%3D',
      topSelected: true,
    });
    expect(page.message).toBeNull();
  });
});

describe('current shape: commentViewModel + frameworkUpdates entity mutations', () => {
  const page = readCommentsPage(fixture('view-model-first-page.json'));

  it('joins each view model to its commentEntityPayload by commentKey', () => {
    expect(page.comments).toEqual([
      {
        comment_id: 'UgyPinnedCreator0004AaABAg',
        author: '@SolarSam',
        text: 'Full data sheet in the description. Inverter sizing is at 7:45 \u2600\ufe0f',
        like_count: 1234, // the spoken label is exact where the shown "1.2K" is not
        reply_count: 56,
        published: '1 month ago',
        is_pinned: true,
        is_creator: true,
      },
      {
        comment_id: 'UgxNoLikesYet00004AaABAg',
        author: '@new.viewer',
        text: 'Does this work in winter too?',
        like_count: 0,
        reply_count: 0,
        published: '2 hours ago',
        is_pinned: false,
        is_creator: false,
      },
      {
        // Entity found by the mutation's entityKey (this payload has no key of its own).
        comment_id: 'UgwViralOneMillion4AaABAg',
        author: '@viral.person',
        text: 'Line one\nline two with a bell\n\nand \ufffd a broken emoji',
        like_count: 3_000_000,
        reply_count: 1100,
        published: '5 years ago',
        is_pinned: false,
        is_creator: false,
      },
    ]);
    expect(page.unreadable).toBe(1); // a view model whose entity never came
  });

  it('picks the "Top" item by its title even when it is not first, and sees it is not selected', () => {
    expect(page.sort).toEqual({
      topToken: 'Eg0SC1ZtVG9wQ29tbWVudHMYBjIlIhEiC1ZtVG9wQ29tbWVudHMwAHgCQhBjb21tZW50cy1zZWN0aW9u',
      topSelected: false,
    });
    expect(page.next).toBe('Eg0SC1ZtUGFnZVR3bxgGMvkCCs0CZ2V0X3JhbmtlZF9zdHJlYW1zLS1DcVlCQ0lBRUZSZTMwVGdh');
  });

  it('reads an appended last page: no next token, localized counts', () => {
    const last = readCommentsPage(fixture('view-model-last-page.json'));
    expect(last).toMatchObject({ recognised: true, next: null, sort: null, unreadable: 0 });
    expect(last.comments).toEqual([
      {
        comment_id: 'UgzLastPageComment04AaABAg',
        author: '@lucia.hace',
        text: 'Mil gracias por el video',
        like_count: 1200,
        reply_count: 7,
        published: 'hace 3 semanas',
        is_pinned: false,
        is_creator: false,
      },
    ]);
  });
});

describe('pages that are not comments', () => {
  it('reports a message in place of comments', () => {
    const page = readCommentsPage({
      onResponseReceivedEndpoints: [
        {
          reloadContinuationItemsCommand: {
            targetId: 'comments-section',
            continuationItems: [{ messageRenderer: { text: { runs: [{ text: 'Comments are turned off. ' }, { text: 'Learn more' }] } } }],
          },
        },
      ],
    });
    expect(page).toMatchObject({ recognised: true, comments: [], message: 'Comments are turned off. Learn more' });
  });

  it('does not recognise an answer without continuation items', () => {
    expect(readCommentsPage({ responseContext: {} }).recognised).toBe(false);
    expect(readCommentsPage(null).recognised).toBe(false);
    expect(readCommentsPage('nonsense').recognised).toBe(false);
  });

  it('reads the pre-2021 itemSectionContinuation shape too', () => {
    const renderer = (fixture('renderer-first-page.json') as any).onResponseReceivedEndpoints[1].reloadContinuationItemsCommand
      .continuationItems[1];
    const page = readCommentsPage({
      continuationContents: {
        itemSectionContinuation: { contents: [renderer], continuations: [{ nextContinuationData: { continuation: 'OLD_NEXT' } }] },
      },
    });
    expect(page.comments.map((c) => c.comment_id)).toEqual(['UgxMariaTopComment0004AaABAg']);
    expect(page.next).toBe('OLD_NEXT');
  });
});

describe('findCommentsEntry', () => {
  const watchData = (...contents: unknown[]) => ({ contents: { twoColumnWatchNextResults: { results: { results: { contents } } } } });
  const continuationItem = (token: string) => ({
    continuationItemRenderer: {
      trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
      continuationEndpoint: { continuationCommand: { token, request: 'CONTINUATION_REQUEST_TYPE_WATCH_NEXT' } },
    },
  });

  it('takes the continuation of the comment-item-section', () => {
    const data = watchData(
      { videoPrimaryInfoRenderer: { title: { runs: [{ text: 'A video' }] } } },
      { itemSectionRenderer: { contents: [continuationItem('WATCH_NEXT_FEED')], sectionIdentifier: 'sid-wn-chips' } },
      { itemSectionRenderer: { contents: [continuationItem('COMMENTS')], sectionIdentifier: 'comment-item-section', targetId: 'comments-section' } },
    );
    expect(findCommentsEntry(data)).toEqual({ kind: 'continuation', token: 'COMMENTS' });
  });

  it('sees comments turned off', () => {
    const data = watchData({
      itemSectionRenderer: {
        contents: [{ messageRenderer: { text: { runs: [{ text: 'Comments are turned off. ' }, { text: 'Learn more' }] } } }],
        sectionIdentifier: 'comment-item-section',
      },
    });
    expect(findCommentsEntry(data)).toEqual({ kind: 'turned-off', message: 'Comments are turned off. Learn more' });
  });

  it('falls back to the comments engagement panel, then to nothing', () => {
    const panel = {
      engagementPanels: [
        { engagementPanelSectionListRenderer: { panelIdentifier: 'engagement-panel-structured-description' } },
        {
          engagementPanelSectionListRenderer: {
            panelIdentifier: 'engagement-panel-comments-section',
            content: { sectionListRenderer: { contents: [{ itemSectionRenderer: { contents: [continuationItem('PANEL')] } }] } },
          },
        },
      ],
    };
    expect(findCommentsEntry({ ...watchData(), ...panel })).toEqual({ kind: 'continuation', token: 'PANEL' });
    expect(findCommentsEntry(watchData())).toEqual({ kind: 'none' });
    expect(findCommentsEntry(null)).toEqual({ kind: 'none' });
  });
});

// ---------------------------------------------------------------- paging, on a scripted transport

const BASE = 'http://youtube.test';

interface Script {
  /** ytInitialData of the watch page. */
  initialData: unknown;
  /** Answers to POST /next by continuation token. */
  pages: (token: string) => unknown;
  /** How the page assigns ytInitialData: `var ytInitialData = ` (default) or `window["ytInitialData"] = `. */
  assignment?: 'var' | 'window';
}

function scripted(script: Script) {
  const asked: string[] = [];
  const urls: string[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    urls.push(url.href);
    if (url.pathname === '/watch') {
      asked.push('watch');
      const target = script.assignment === 'window' ? 'window["ytInitialData"]' : 'var ytInitialData';
      const html = `<html><script>${target} = ${JSON.stringify(script.initialData)};</script></html>`;
      return new Response(html, { status: 200, headers: { 'Content-Type': 'text/html' } });
    }
    const token = JSON.parse(String(init?.body)).continuation as string;
    asked.push(token);
    return new Response(JSON.stringify(script.pages(token)), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return { client: createYouTubeClient({ baseUrl: BASE, fetchImpl }), asked, urls };
}

const SECTION = {
  contents: {
    twoColumnWatchNextResults: {
      results: {
        results: {
          contents: [
            {
              itemSectionRenderer: {
                contents: [{ continuationItemRenderer: { continuationEndpoint: { continuationCommand: { token: 'SECTION' } } } }],
                sectionIdentifier: 'comment-item-section',
              },
            },
          ],
        },
      },
    },
  },
};

/** A page of `n` old-shape threads named `${prefix}-i`, ending with `next` if given. */
function rendererPage(prefix: string, n: number, next: string | null): unknown {
  const items: unknown[] = Array.from({ length: n }, (_, i) => ({
    commentThreadRenderer: {
      comment: {
        commentRenderer: {
          commentId: `${prefix}-${i}`,
          authorText: { simpleText: '@someone' },
          contentText: { runs: [{ text: `comment ${prefix} ${i}` }] },
          publishedTimeText: { runs: [{ text: '1 day ago' }] },
        },
      },
    },
  }));
  if (next) items.push({ continuationItemRenderer: { continuationEndpoint: { continuationCommand: { token: next } } } });
  return { onResponseReceivedEndpoints: [{ appendContinuationItemsAction: { continuationItems: items } }] };
}

describe('fetching (scripted transport)', () => {
  const firstPages = (token: string): unknown => {
    switch (token) {
      case 'SECTION':
        return fixture('view-model-first-page.json'); // "Newest" selected: the client must ask for "Top"
      case 'Eg0SC1ZtVG9wQ29tbWVudHMYBjIlIhEiC1ZtVG9wQ29tbWVudHMwAHgCQhBjb21tZW50cy1zZWN0aW9u':
        return fixture('renderer-first-page.json');
      case 'Eg0SC2RRdzR3OVdnWGNRGAYy-QIKzQJnZXRfcmFua2VkX3N0cmVhbXMtLUNxWUJDSUFFRlJlMzBUZ2FtZ0VLbFFFSTJGOFFnQVFZQnlLS0FUQ2FhZw%3D%3D':
        return fixture('view-model-last-page.json');
      default:
        throw new Error(`unexpected token ${token}`);
    }
  };

  it('switches to "Top comments", pages to the end, and asks only the base URL', async () => {
    const { client, asked, urls } = scripted({ initialData: SECTION, pages: firstPages });
    const comments = await client.getComments('dQw4w9WgXcQ');
    expect(comments.items.map((c) => c.comment_id)).toEqual([
      'UgzCreatorPinned0000AaABAg',
      'UgxMariaTopComment0004AaABAg',
      'UgwQuietLurker00000004AaABAg',
      'UgzLastPageComment04AaABAg',
    ]);
    expect(comments.fetched).toBe(4);
    expect(asked).toHaveLength(4); // watch, section, top, next page
    expect(urls.every((url) => url.startsWith(`${BASE}/`))).toBe(true);
    expect(urls[1]).toBe(`${BASE}/youtubei/v1/next?prettyPrint=false`);
  });

  it('finds ytInitialData assigned through window["ytInitialData"] too', async () => {
    const { client } = scripted({ initialData: SECTION, pages: firstPages, assignment: 'window' });
    await expect(client.getComments('dQw4w9WgXcQ')).resolves.toMatchObject({ fetched: 4 });
  });

  it('stops at the limit without asking for more pages', async () => {
    const { client, asked } = scripted({ initialData: SECTION, pages: firstPages });
    const comments = await client.getComments('dQw4w9WgXcQ', { limit: 2 });
    expect(comments).toEqual({ fetched: 2, items: [expect.objectContaining({ is_pinned: true }), expect.objectContaining({ like_count: 845 })] });
    expect(asked).toHaveLength(3); // the page after "Top comments" is never asked for
  });

  it('ends a continuation that points back at itself', async () => {
    const { client, asked } = scripted({ initialData: SECTION, pages: (token) => rendererPage(token === 'SECTION' ? 'a' : 'b', 5, 'LOOP') });
    const comments = await client.getComments('dQw4w9WgXcQ', { limit: 100 });
    expect(comments.fetched).toBe(10);
    expect(asked).toEqual(['watch', 'SECTION', 'LOOP']);
  });

  it('caps the pages of a continuation that never ends', async () => {
    let n = 0;
    // Every page repeats the same threads under a new token: nothing new to read, ever.
    const { client, asked } = scripted({ initialData: SECTION, pages: () => rendererPage('same', 3, `NEXT-${++n}`) });
    const comments = await client.getComments('dQw4w9WgXcQ', { limit: 20 });
    expect(comments.fetched).toBe(3);
    expect(asked).toHaveLength(1 + maxPages(20));
  });

  it('respects limits larger than a page, across pages', async () => {
    let n = 0;
    const { client } = scripted({ initialData: SECTION, pages: () => rendererPage(`p${n}`, 20, `NEXT-${++n}`) });
    const comments = await client.getComments('dQw4w9WgXcQ', { limit: 45 });
    expect(comments.fetched).toBe(45);
    expect(new Set(comments.items.map((c) => c.comment_id)).size).toBe(45);
  });

  it('calls a first page it cannot read COMMENTS_UNAVAILABLE', async () => {
    const { client } = scripted({ initialData: SECTION, pages: () => ({ responseContext: {} }) });
    await expect(client.getComments('dQw4w9WgXcQ')).rejects.toMatchObject({
      kind: 'COMMENTS_UNAVAILABLE',
      message: 'The comments could not be read',
      final: true,
    });
  });

  it('takes a turned-off message on the first page as comments off', async () => {
    const { client } = scripted({
      initialData: SECTION,
      pages: () => ({
        onResponseReceivedEndpoints: [
          { reloadContinuationItemsCommand: { continuationItems: [{ messageRenderer: { text: { simpleText: 'Comments are turned off.' } } }] } },
        ],
      }),
    });
    const error = await client.getComments('dQw4w9WgXcQ').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YouTubeError);
    expect(error).toMatchObject({ kind: 'COMMENTS_UNAVAILABLE', message: 'Comments are turned off for this video' });
  });

  it('refuses a limit that is not a positive integer', async () => {
    const { client } = scripted({ initialData: SECTION, pages: firstPages });
    await expect(client.getComments('dQw4w9WgXcQ', { limit: 0 })).rejects.toThrow(RangeError);
    await expect(client.getComments('dQw4w9WgXcQ', { limit: 2.5 })).rejects.toThrow(RangeError);
  });
});
