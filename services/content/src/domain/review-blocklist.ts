// What keeps a review off a children's landing page until an admin has looked at it (review-screening.ts).
// Words are matched as whole words after folding accents, case and look-alike characters, so "class",
// "assessment" or "Scunthorpe" pass; STEMS also catch their longer forms ("fucking", "bitches").

/** Insults, slurs, sexual words and threats, matched as whole words. */
export const BLOCKED_WORDS = [
  // insults
  'idiot', 'idiots', 'stupid', 'moron', 'morons', 'loser', 'losers', 'dumbass', 'jackass', 'retard', 'retarded', 'imbecile',
  'twat', 'prick', 'pricks', 'dickhead', 'douche', 'douchebag', 'scumbag', 'bastard', 'bastards', 'tosser', 'bollocks',
  'arse', 'arsehole', 'ass', 'asses', 'asshole', 'assholes', 'asshat', 'crap', 'crappy', 'piss', 'pissed', 'bullshit', 'dipshit',
  'motherfucker', 'kys',
  // slurs
  'nigger', 'niggers', 'nigga', 'niggas', 'niggaz', 'faggot', 'faggots', 'fag', 'fags', 'dyke', 'tranny', 'spic', 'chink', 'kike', 'wetback', 'paki',
  'gook', 'coon', 'beaner',
  // sexual
  'sex', 'sexy', 'nude', 'nudes', 'naked', 'boob', 'boobs', 'tits', 'titties', 'penis', 'vagina', 'dick', 'dicks', 'cock', 'cocks',
  'pussy', 'dildo', 'blowjob', 'handjob', 'horny', 'slut', 'sluts', 'whore', 'whores', 'milf', 'anal', 'orgasm', 'cum', 'rape',
  'raped', 'rapist', 'pedo', 'paedo', 'pedophile', 'paedophile', 'hentai', 'onlyfans', 'xxx', 'nsfw', 'fap',
] as const;

/** Roots whose every longer word is blocked too. */
export const BLOCKED_STEMS = ['fuck', 'shit', 'bitch', 'cunt', 'wank', 'porn', 'masturb'] as const;

/** Phrases (words separated by single spaces after folding). */
export const BLOCKED_PHRASES = ['kill yourself', 'kill urself', 'go die'] as const;

/** Ways to be reached outside the site: a child's landing page must not carry them. */
export const CONTACT_WORDS = ['whatsapp', 'snapchat', 'telegram', 'discord', 'instagram', 'insta', 'tiktok', 'kik', 'wechat', 'skype', 'dm', 'dms'] as const;

/**
 * Top-level domains that make "word.tld" a web address. TLDs that are also English words ("it", "in",
 * "me", "live") are left out: children often skip the space after a full stop ("lessons.It was fun").
 * Addresses with a scheme or "www." are caught whatever their domain.
 */
export const LINK_TLDS = [
  'com', 'net', 'org', 'info', 'biz', 'io', 'ly', 'gg', 'tv', 'app', 'dev', 'xyz', 'online', 'club', 'uk', 'de', 'fr', 'nl', 'ru',
  'cn', 'ca', 'au', 'ch', 'se', 'dk', 'pl', 'br', 'jp', 'kr',
] as const;
