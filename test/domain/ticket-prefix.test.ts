// Ticket prefix candidates (src/domain/ticket-prefix.ts): pure functions of a
// board title, no database. Every candidate list in full, in order: the
// order decides which prefix a new board gets when shorter ones are taken.
import { describe, expect, it } from 'vitest';
import { chooseTicketPrefix, FALLBACK_TICKET_PREFIX, ticketPrefixCandidates } from '../../src/domain/ticket-prefix.ts';

describe('ticketPrefixCandidates', () => {
  it.each([
    // Several words: the initials (at most 5), then grown with the first word's letters.
    ['Website Redesign', ['WR', 'WER', 'WEBR', 'WEBSR', 'WEBSI']],
    ['Abcdefghij Redesign', ['AR', 'ABR', 'ABCR', 'ABCDR', 'ABCDE']],
    ['The Big Launch Plan Now Go', ['TBLPN', 'THBLP', 'THEBL']],
    ['Ab Cd Ef Gh Ij Kl', ['ACEGI', 'ABCEG']],
    ['A B', ['AB']],
    // Accents stripped; digits split nothing but are dropped.
    ['Über Café', ['UC', 'UBC', 'UBEC', 'UBERC']],
    ['x1y z', ['XZ', 'XYZ']],
    ['12 ab', ['AB']],
    // One word: its first 3, 4 and 5 letters; a two-letter word itself; one letter doubled.
    ['Marketing', ['MAR', 'MARK', 'MARKE']],
    ['Oui', ['OUI']],
    ['Go', ['GO']],
    ['x', ['XX']],
    // No Latin letters at all.
    ['2026', [FALLBACK_TICKET_PREFIX]],
    ['日本語', [FALLBACK_TICKET_PREFIX]],
    ['', [FALLBACK_TICKET_PREFIX]],
  ])('%j → %j', (title, expected) => {
    expect(ticketPrefixCandidates(title)).toEqual(expected);
  });

  it('falls back to PRJ', () => {
    expect(FALLBACK_TICKET_PREFIX).toBe('PRJ');
  });
});

describe('chooseTicketPrefix', () => {
  it('takes the first candidate not in use, else the best one', () => {
    expect(chooseTicketPrefix('Website Redesign', [])).toBe('WR');
    expect(chooseTicketPrefix('Website Redesign', ['WR', 'WER'])).toBe('WEBR');
    expect(chooseTicketPrefix('Marketing', new Set(['MAR', 'MARK', 'MARKE']))).toBe('MAR');
    expect(chooseTicketPrefix('Marketing', ['MARK'])).toBe('MAR');
  });
});
