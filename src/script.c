/* script.c - a page's scripts, its Tibetan verdict and the legacy
 * Tibetan fonts it names, and the Unicode script the inspector names. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unictype.h>

#include "script.h"

static const char *const script_names[SCRIPT_COUNT] = {
	"tibetan", "arabic", "cjk", "latin", "other"
};

const char *
script_name(enum script_id s)
{
	return s < SCRIPT_COUNT ? script_names[s] : "?";
}

static bool
is_cjk(uint32_t cp)
{
	return (cp >= 0x4E00 && cp <= 0x9FFF) ||    /* ideographs */
	       (cp >= 0x3400 && cp <= 0x4DBF) ||    /* extension A */
	       (cp >= 0x20000 && cp <= 0x3FFFF) ||  /* extensions B.. */
	       (cp >= 0xF900 && cp <= 0xFAFF) ||    /* compatibility */
	       (cp >= 0x3040 && cp <= 0x30FF) ||    /* hiragana, katakana */
	       (cp >= 0x31F0 && cp <= 0x31FF) ||
	       (cp >= 0xFF66 && cp <= 0xFF9F) ||    /* half-width katakana */
	       (cp >= 0xAC00 && cp <= 0xD7AF) ||    /* hangul syllables */
	       (cp >= 0x1100 && cp <= 0x11FF) ||    /* jamo */
	       (cp >= 0x3130 && cp <= 0x318F);
}

enum script_id
script_of(uint32_t cp)
{
	if (cp < 0x80)
		return ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z') ? SCRIPT_LATIN : SCRIPT_OTHER;
	if (cp >= 0x0F00 && cp <= 0x0FFF)
		return SCRIPT_TIBETAN;
	if ((cp >= 0x0600 && cp <= 0x06FF) || (cp >= 0x0750 && cp <= 0x077F) ||
	    (cp >= 0xFB50 && cp <= 0xFDFF) || (cp >= 0xFE70 && cp <= 0xFEFF))
		return SCRIPT_ARABIC;
	if (is_cjk(cp))
		return SCRIPT_CJK;
	if ((cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) ||
	    (cp >= 0x1E00 && cp <= 0x1EFF))
		return SCRIPT_LATIN;
	return SCRIPT_OTHER;
}

static inline size_t
next_cp(const unsigned char *u, size_t i, size_t n, uint32_t *cp)
{
	if (u[i] < 0x80) {
		*cp = u[i];
		return 1;
	}
	return utf8_decode(u + i, n - i, cp);
}

/* ---- detection ---- */

void
script_detect_init(struct script_detect *t)
{
	memset(t, 0, sizeof *t);
	t->dominant = SCRIPT_OTHER;
}

/* End the syllable in progress (one without a closing dot). */
static void
flush(struct script_detect *t)
{
	if (t->run > 0)
		t->syllables++;
	t->run = 0;
}

void
script_detect_add(struct script_detect *t, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		i += next_cp(u, i, n, &cp);
		if (uc_is_white(cp)) {
			flush(t);
			continue;
		}
		enum script_id sc = script_of(cp);
		t->count[sc]++;
		if (cp < 0x80)
			t->ascii++;
		if (script_is_tsheg(cp)) {
			t->dots++;
			t->syllables++;
			if (t->run >= 1 && t->run <= 7)
				t->near7++;
			if (t->run >= 1 && t->run <= 5)
				t->near5++;
			t->run = 0;
		} else if (sc == SCRIPT_CJK) {
			flush(t);
			t->syllables++;
		} else {
			t->run++;
		}
	}
	flush(t);
}

void
script_detect_finish(struct script_detect *t)
{
	flush(t);
	if (t->syllables > 0) {
		t->share7 = (double)t->near7 / (double)t->syllables;
		t->share5 = (double)t->near5 / (double)t->syllables;
	}
	t->tibetan = t->syllables > 0 && 3 * t->near7 >= t->syllables;
	long best = 0;
	t->dominant = SCRIPT_OTHER;
	for (int s = 0; s < SCRIPT_COUNT; s++)
		if (t->count[s] > best) {
			best = t->count[s];
			t->dominant = (enum script_id)s;
		}
}

void
script_detect_page(const struct dom *d, const char *html, size_t len,
		struct script_detect *t)
{
	script_detect_init(t);
	for (int i = 0; i < d->ntexts; i++) {
		const struct dom_text *x = &d->texts[i];
		if (x->flags & (TEXT_SKIP | TEXT_BREAK))
			continue;
		script_detect_add(t, dom_text(d, i), x->len);
	}
	script_detect_finish(t);
	if (!html)
		return;
	char name[sizeof t->legacy_font];
	int kind = script_legacy_font(html, len, name, sizeof name);
	long total = 0;
	for (int s = 0; s < SCRIPT_COUNT; s++)
		total += t->count[s];
	if (kind && !t->tibetan && (kind == 2 || 2 * t->ascii >= total)) {
		memcpy(t->legacy_font, name, sizeof name);
		t->legacy_kind = kind;
	}
}

/* ---- legacy fonts ---- */

struct legacy {
	const char *key;        /* in the squeezed, lower-case family name */
	int kind;               /* 1 ASCII-based, 2 GB2312-based */
};

/* The paper's tables 1 and 2 under the names the fonts ship with. */
static const struct legacy legacy_fonts[] = {
	{ "ltibetan", 1 }, { "ltibtan", 1 }, { "tcrc", 1 },
	{ "sambhota", 1 }, { "sanbhota", 1 }, { "tibetanmachine", 1 },
	{ "tibword", 1 }, { "tibkey", 1 }, { "tsamkey", 1 },
	{ "suztib", 1 }, { "uchan", 1 }, { "bzdbt", 2 },
};

static bool
has(const char *s, const char *key)
{
	return strstr(s, key) != NULL;
}

/* Classify one family name s[0..n). */
static int
legacy_kind(const char *s, size_t n)
{
	char sq[128];
	size_t k = 0;
	for (size_t i = 0; i < n && k + 1 < sizeof sq; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == ' ' || c == '-' || c == '_' || c == '\t')
			continue;
		sq[k++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	sq[k] = '\0';
	/* TMW, TMW1..: TibetanMachineWeb's short name */
	if (!strncmp(sq, "tmw", 3) && strspn(sq + 3, "0123456789") == strlen(sq + 3))
		return 1;
	for (size_t i = 0; i < sizeof legacy_fonts / sizeof legacy_fonts[0]; i++)
		if (has(sq, legacy_fonts[i].key)) {
			/* Tibetan Machine Uni is the Unicode version */
			if (legacy_fonts[i].kind == 1 && has(sq, "tibetanmachineuni"))
				return 0;
			return legacy_fonts[i].kind;
		}
	if (has(sq, "藏") && (has(sq, "方正") || has(sq, "华光") || has(sq, "同元")))
		return 2;
	return 0;
}

/* Parse a comma-separated family list at s[i..n); stop at ';', '}', '<',
 * '>', a line break or a quote that closes an attribute. */
static int
scan_families(const char *s, size_t i, size_t n, char endq,
	      char *name, size_t namelen)
{
	while (i < n) {
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == ','))
			i++;
		if (i >= n)
			break;
		char q = 0;
		if ((s[i] == '\'' || s[i] == '"') && s[i] != endq)
			q = s[i++];
		size_t b = i;
		while (i < n && (q ? s[i] != q : !strchr(",;}<>\"'\r\n", s[i])))
			i++;
		size_t e = i;
		while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
			e--;
		int kind = legacy_kind(s + b, e - b);
		if (kind) {
			size_t k = e - b < namelen - 1 ? e - b : namelen - 1;
			memcpy(name, s + b, k);
			name[k] = '\0';
			return kind;
		}
		if (q && i < n)
			i++;
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i >= n || s[i] != ',')
			break;
	}
	return 0;
}

static bool
ci_prefix(const char *s, size_t n, const char *word)
{
	size_t k = strlen(word);
	if (n < k)
		return false;
	for (size_t i = 0; i < k; i++)
		if ((s[i] | 0x20) != word[i])
			return false;
	return true;
}

/* The next 'f' or 'F' at or after i, or n; eight bytes at a time, since
 * every page pays for this scan. */
static size_t
next_f(const char *s, size_t i, size_t n)
{
	const uint64_t ones = 0x0101010101010101ull;
	for (;;) {
		while (i + 8 <= n) {
			uint64_t w;
			memcpy(&w, s + i, 8);
			w = (w | 0x2020202020202020ull) ^ 0x6666666666666666ull;
			if ((w - ones) & ~w & (ones << 7))
				break;
			i += 8;
		}
		size_t stop = i + 8 < n ? i + 8 : n;
		for (; i < stop; i++)
			if ((s[i] | 0x20) == 'f')
				return i;
		if (i >= n)
			return n;
	}
}

int
script_legacy_font(const char *html, size_t len, char *name, size_t namelen)
{
	for (size_t i = next_f(html, 0, len); i < len; i = next_f(html, i + 1, len)) {
		char c = (char)(html[i] | 0x20);
		size_t j;
		char endq = 0;
		if (c == 'f' && ci_prefix(html + i, len - i, "font-family")) {
			j = i + 11;
			while (j < len && (html[j] == ' ' || html[j] == '\t'))
				j++;
			if (j >= len || html[j] != ':')
				continue;
			j++;
			/* inside style="...", the attribute's quote ends the list */
			for (size_t k = i; k > 0 && i - k < 512; k--)
				if (html[k - 1] == '"' || html[k - 1] == '\'' ||
				    html[k - 1] == '<' || html[k - 1] == '>' || html[k - 1] == '{') {
					if (html[k - 1] == '"' || html[k - 1] == '\'')
						endq = html[k - 1];
					break;
				}
		} else if (c == 'f' && i > 0 && strchr(" \t\r\n", html[i - 1]) &&
			   ci_prefix(html + i, len - i, "face")) {
			j = i + 4;
			while (j < len && (html[j] == ' ' || html[j] == '\t'))
				j++;
			if (j >= len || html[j] != '=')
				continue;
			j++;
			while (j < len && (html[j] == ' ' || html[j] == '\t'))
				j++;
			if (j < len && (html[j] == '"' || html[j] == '\''))
				endq = html[j++];
		} else {
			continue;
		}
		int kind = scan_families(html, j, len, endq, name, namelen);
		if (kind)
			return kind;
	}
	if (namelen)
		name[0] = '\0';
	return 0;
}

/* ---- the inspector's name ---- */

/* The writing system most of the page's text is in ("Latin", "Han"...),
 * from the first 200 000 letters; NULL for a page without letters. */
const char *
script_unicode_dominant(const struct dom *d)
{
	struct { const uc_script_t *s; long n; } seen[16] = { { NULL, 0 } };
	int nseen = 0;
	long budget = 200000;
	for (int t = 0; t < d->ntexts && budget > 0; t++) {
		if (d->texts[t].flags & (TEXT_SKIP | TEXT_BREAK))
			continue;
		const char *s = dom_text(d, t);
		FOR_EACH_CHAR(s, d->texts[t].len, cp, {
			if (cp < 0x41 || budget-- <= 0)
				continue;
			const uc_script_t *sc = uc_script(cp);
			if (!sc || !strcmp(sc->name, "Common") || !strcmp(sc->name, "Inherited"))
				continue;
			int k = 0;
			while (k < nseen && seen[k].s != sc)
				k++;
			if (k == nseen) {
				if (nseen == 16)
					continue;
				seen[nseen].s = sc;
				seen[nseen++].n = 0;
			}
			seen[k].n++;
		});
	}
	int best = -1;
	for (int k = 0; k < nseen; k++)
		if (best < 0 || seen[k].n > seen[best].n)
			best = k;
	return best < 0 ? NULL : seen[best].s->name;
}
