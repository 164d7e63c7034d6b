/* script.h - which writing system a page's text is in: the five script
 * classes and the Tibetan-page verdict a method's signal needs (tib), the
 * legacy Tibetan fonts a page may name, and the Unicode script the
 * inspector names in its status line.
 *
 * Detection (script_detect_*).  It reads the page's non-skipped text (link
 * text included; title, script, style... excluded).  Every non-whitespace
 * code point is counted under one script: Tibetan U+0F00-U+0FFF; Arabic
 * U+0600-U+06FF, U+0750-U+077F, U+FB50-U+FDFF, U+FE70-U+FEFF; CJK (Han
 * ideographs, kana, hangul); Latin letters (A-Z, a-z, U+00C0-U+024F but
 * U+00D7 and U+00F7, U+1E00-U+1EFF); everything else is "other" (digits,
 * punctuation, Cyrillic, ...).  The dominant script has the most code
 * points (the earlier in that list on a tie; "other" when there is no text).
 *
 * Syllables: the text is cut into syllables at every syllable dot (tsheg
 * U+0F0B or U+0F0C, which ends the syllable it closes), at whitespace,
 * before and after every CJK code point (one CJK code point is one
 * syllable) and at text-node boundaries.  A syllable closed by a dot has a
 * distance: the code points between that dot and the previous dot or the
 * syllable's start, so "ཀ་་" has distances 1 and 0.  A page is Tibetan when
 * 3 * (syllables at distance 1-7) >= syllables > 0, i.e. the share is at
 * least 1/3; the share at distance 1-5 (GB2312-based fonts) is reported
 * beside it.  English words and Chinese characters are syllables without a
 * dot, so a Tibetan phrase on an English page does not make it Tibetan.
 *
 * Legacy 8-bit Tibetan fonts: the raw HTML is scanned for font-family
 * declarations (style attributes and CSS) and face= attributes; a family
 * name of the paper's table 1 and 2 (LTibetan, TCRC, Sambhota, Tibetan
 * Machine and TibetanMachineWeb/TMW but not Tibetan Machine Uni, Tibword,
 * TibKey, Tsamkey, SUZTIB, Uchan, BZDBT, and 方正/华光/同元 names holding
 * 藏) on a page that is not Tibetan and whose text is mostly (>= 1/2) ASCII
 * (the GB2312-based names: any text) makes legacy_font non-empty: report
 * it as "legacy Tibetan encoding suspected (FONT)".  Nothing is converted.
 *
 * The inspector's name (script_unicode_dominant) is another figure: the
 * Unicode script (libunistring's names: "Latin", "Cyrillic", "Han",
 * "Hiragana"...) of most of the first 200 000 code points from U+0041 on,
 * Common and Inherited ones left out.  The status line shows it, and
 * warns when text other than Latin meets a locale without UTF-8; the
 * five classes would call Cyrillic or Greek "other".  tib does not
 * decide with it.
 *
 * A page stage: plain C over the node table, no I/O, no globals; the
 * detection fills the caller's struct; nothing fails.  Everything is
 * linear in the text. */
#ifndef PITH_SCRIPT_H
#define PITH_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dom.h"

enum script_id {
	SCRIPT_TIBETAN, SCRIPT_ARABIC, SCRIPT_CJK, SCRIPT_LATIN, SCRIPT_OTHER,
	SCRIPT_COUNT
};

/* The scripts detection counts; "tibetan", "arabic", "cjk", "latin",
 * "other" by script_name. */
const char *script_name(enum script_id s);
enum script_id script_of(uint32_t cp);

/* The Tibetan syllable dot (tsheg). */
static inline bool
script_is_tsheg(uint32_t cp)
{
	return cp == 0x0F0B || cp == 0x0F0C;
}

struct script_detect {
	long count[SCRIPT_COUNT];   /* code points per script */
	long ascii;                 /* code points below U+0080 */
	enum script_id dominant;
	long dots;                  /* tsheg U+0F0B and U+0F0C */
	long syllables;
	long near7, near5;          /* syllables closed at distance 1-7, 1-5 */
	double share7, share5;      /* near / syllables, 0 without syllables */
	bool tibetan;               /* share7 >= 1/3 */
	char legacy_font[64];       /* "" or the legacy font's family name */
	int legacy_kind;            /* 0, 1 ASCII-based, 2 GB2312-based */
	int run;                    /* script_detect_add's state */
};

void script_detect_init(struct script_detect *t);
/* Add one text node's text; a node boundary ends a syllable. */
void script_detect_add(struct script_detect *t, const char *s, size_t n);
/* Shares, the Tibetan verdict and the dominant script. */
void script_detect_finish(struct script_detect *t);
/* The whole page: its non-skipped text nodes and, for legacy fonts, the
 * raw HTML html[0..len) (NULL to skip). */
void script_detect_page(const struct dom *d, const char *html, size_t len,
			struct script_detect *t);
/* The first legacy Tibetan font family named in html, copied into name;
 * 1 for an ASCII-based font (table 1), 2 for a GB2312-based one (table 2),
 * 0 when there is none. */
int script_legacy_font(const char *html, size_t len, char *name, size_t namelen);

/* The Unicode script most of the page's letters are in ("Latin",
 * "Han"...; libunistring's static name), NULL for a page without
 * letters. */
const char *script_unicode_dominant(const struct dom *d);

#endif
