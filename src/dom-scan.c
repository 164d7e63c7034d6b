/* dom-scan.c - the pre-scan: the page's tags read once, as libtidy will
 * read them, to bound what libtidy's parse costs (nesting depth, names,
 * formatting elements reopened) before it runs.  Its tag lists follow
 * libtidy's tables. */
#include "config.h"

#include <ctype.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom-int.h"
#include "util.h"

/* Elements that never deepen the nesting: tidy has one html, head and
 * body whatever the page says; title and textarea hold text only (tidy
 * ends them at the first tag); ruby text and colgroup close themselves. */
static const char *const shallow_tags[] = {
	"html", "head", "body", "title", "textarea", "rb", "rt", "rp",
	"colgroup",
};

/* Void elements: never nest, never get formatting reopened inside. */
static const char *const void_tags[] = {
	"area", "base", "br", "col", "embed", "hr", "img",
	"input", "link", "meta", "param", "source", "track", "wbr",
	"keygen", "command", "basefont", "frame", "isindex",
};

/* tidy's inline elements (CM_INLINE in its tag table): an end tag of
 * one does not close a block opened inside it. */
static const char *const inline_tags[] = {
	"a", "abbr", "acronym", "applet", "audio", "b", "bdi", "bdo", "big",
	"blink", "button", "cite", "code", "comment", "datalist", "del",
	"dfn", "em", "font", "i", "iframe", "ilayer", "ins", "kbd", "label",
	"legend", "map", "mark", "marquee", "math", "menuitem", "meter",
	"nobr", "noembed", "nolayer", "noscript", "object", "output",
	"picture", "progress", "q", "rb", "rbc", "rp", "rt", "rtc", "ruby",
	"s", "samp", "script", "select", "server", "servlet", "small",
	"spacer", "span", "strike", "strong", "sub", "sup", "svg",
	"textarea", "time", "tt", "u", "var", "video",
};

/* Those tidy keeps on its inline stack and copies into every following
 * block until their end tag (parsed by its ParseInline, not objects). */
static const char *const copied_tags[] = {
	"a", "abbr", "acronym", "b", "bdi", "bdo", "big", "blink", "button",
	"cite", "code", "comment", "dfn", "em", "font", "i", "ilayer", "kbd",
	"label", "legend", "mark", "marquee", "menuitem", "meter", "nobr",
	"noembed", "output", "picture", "progress", "q", "rb", "rbc", "rp",
	"rt", "rtc", "ruby", "s", "samp", "small", "span", "strike", "strong",
	"sub", "sup", "time", "tt", "u", "var",
};

#define NELEM(a) (sizeof a / sizeof a[0])

/* A tag name of up to 8 bytes as one integer, for a quick look-up. */
static uint64_t
pack8(const char *name, size_t k)
{
	uint64_t v = 0;
	memcpy(&v, name, k < 8 ? k : 8);
	return v;
}

_Static_assert(NELEM(inline_tags) < 32768 && NELEM(copied_tags) < 32768, "kinds fit int16_t");

static uint64_t shallow_packed[NELEM(shallow_tags)];
static uint64_t void_packed[NELEM(void_tags)];
static uint64_t inline_packed[NELEM(inline_tags)];
static uint64_t copied_packed[NELEM(copied_tags)];
static pthread_once_t packed_once = PTHREAD_ONCE_INIT;

/* Elements whose end tag HTML lets authors leave out, and their
 * containers, which tidy adds when they are missing. */
static uint64_t K_P, K_LI, K_UL, K_OL, K_MENU, K_DIR, K_DL, K_DT, K_DD,
	K_OPTION, K_OPTGROUP, K_TABLE, K_TBODY, K_THEAD, K_TFOOT, K_TR, K_TD, K_TH;

#define PACK(s) pack8(s, sizeof s - 1)

static void
init_packed(void)
{
	K_P = PACK("p");
	K_LI = PACK("li");
	K_UL = PACK("ul");
	K_OL = PACK("ol");
	K_MENU = PACK("menu");
	K_DIR = PACK("dir");
	K_DL = PACK("dl");
	K_DT = PACK("dt");
	K_DD = PACK("dd");
	K_OPTION = PACK("option");
	K_OPTGROUP = PACK("optgroup");
	K_TABLE = PACK("table");
	K_TBODY = PACK("tbody");
	K_THEAD = PACK("thead");
	K_TFOOT = PACK("tfoot");
	K_TR = PACK("tr");
	K_TD = PACK("td");
	K_TH = PACK("th");
	for (size_t i = 0; i < NELEM(shallow_tags); i++)
		shallow_packed[i] = pack8(shallow_tags[i], strlen(shallow_tags[i]));
	for (size_t i = 0; i < NELEM(void_tags); i++)
		void_packed[i] = pack8(void_tags[i], strlen(void_tags[i]));
	for (size_t i = 0; i < NELEM(inline_tags); i++)
		inline_packed[i] = pack8(inline_tags[i], strlen(inline_tags[i]));
	for (size_t i = 0; i < NELEM(copied_tags); i++)
		copied_packed[i] = pack8(copied_tags[i], strlen(copied_tags[i]));
}

/* Index of the packed name in list, or -1.  Called for every tag of
 * every page: integer compares, not strcmp. */
static int
packed_index(const uint64_t *list, size_t n, uint64_t v)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == v)
			return (int)i;
	return -1;
}

/* The libtidy cost model of the pre-scan.  libtidy is recursive in the
 * nesting (a stack overflow past about 100 000 levels), walks up its
 * open elements at about every tag, checks an attribute name in time
 * quadratic in its length, copies every open formatting element into
 * each following block, and looks each new custom element name up along
 * a list.  The scan keeps the open elements as tidy would (roughly: an
 * end tag closes the nearest open element of its name; an inline one
 * across a block, one out of a table, or one nothing matches, is
 * ignored) and adds these costs up; and it counts the elements, which
 * cost the auto method's trees most. */
struct open_elem {
	uint64_t key;
	int prev;       /* the next open element of the same name below, or -1 */
	int block;      /* the topmost non-inline element at or below, or -1 */
};

struct name_slot {
	uint64_t key;   /* 0: empty */
	int top;        /* topmost open element with this name, or -1 */
	int over;       /* open elements with this name past the stack */
	bool custom;    /* a custom element name seen (tidy declares it) */
	bool known;     /* the four below are set */
	bool is_void, shallow;
	int16_t kind, copied;   /* index in inline_tags, copied_tags, or -1 */
};

struct scan {
	int cap;                        /* elements kept on the stack */
	struct open_elem *stack;
	int len, extra;                 /* depth = len + extra (over cap) */
	struct name_slot *names;
	int ncap, nnames;
	int *istack;                    /* inline kinds, tidy's inline stack */
	int ilen, icap;
	int inist[NELEM(copied_tags)];
	/* results */
	int max_depth;
	int max_attrs;
	size_t longest_name;
	uint64_t name_work;             /* sum of length x valid prefix */
	uint64_t walk_work;             /* sum of the depths at every tag */
	uint64_t reopen;                /* elements tidy would reopen */
	int ncustom;                    /* different custom element names */
	long elements;                  /* start tags */
};

/* The slot of a 64-bit key, from a mix of all its bits: short names are
 * packed bytes that differ only in their last ones ("x-a1", "x-a2"). */
static size_t
slot_of(uint64_t key, int cap)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdULL;
	key ^= key >> 33;
	key *= 0xc4ceb9fe1a85ec53ULL;
	key ^= key >> 33;
	return (size_t)key & (size_t)(cap - 1);
}

static struct name_slot *
name_find(struct scan *sc, uint64_t key)
{
	if (sc->nnames * 2 >= sc->ncap) {
		int ncap = sc->ncap ? sc->ncap * 2 : 256;
		struct name_slot *nt = xcalloc((size_t)ncap, sizeof *nt);
		for (int i = 0; i < sc->ncap; i++) {
			if (!sc->names[i].key)
				continue;
			size_t h = slot_of(sc->names[i].key, ncap);
			while (nt[h].key)
				h = (h + 1) & (size_t)(ncap - 1);
			nt[h] = sc->names[i];
		}
		free(sc->names);
		sc->names = nt;
		sc->ncap = ncap;
	}
	size_t h = slot_of(key, sc->ncap);
	while (sc->names[h].key && sc->names[h].key != key)
		h = (h + 1) & (size_t)(sc->ncap - 1);
	if (!sc->names[h].key) {
		sc->names[h].key = key;
		sc->names[h].top = -1;
		sc->names[h].over = 0;
		sc->names[h].custom = false;
		sc->nnames++;
	}
	return &sc->names[h];
}

static int
scan_depth(const struct scan *sc)
{
	return sc->len + sc->extra;
}

static void
scan_push(struct scan *sc, uint64_t key, bool is_inline)
{
	struct name_slot *ns = name_find(sc, key);
	if (sc->len >= sc->cap) {
		/* past the limit the page is refused anyway: only count */
		sc->extra++;
		ns->over++;
		return;
	}
	struct open_elem *e = &sc->stack[sc->len];
	e->key = key;
	e->prev = ns->top;
	e->block = is_inline ? (sc->len ? sc->stack[sc->len - 1].block : -1) : sc->len;
	ns->top = sc->len++;
}

static void
scan_pop(struct scan *sc)
{
	struct open_elem *e = &sc->stack[--sc->len];
	name_find(sc, e->key)->top = e->prev;
}

static void
scan_end(struct scan *sc, uint64_t key, bool is_inline)
{
	struct name_slot *ns = name_find(sc, key);
	if (sc->extra) {
		if (ns->over) {
			ns->over--;
			sc->extra--;
		}
		return;
	}
	int top = ns->top;
	int block = sc->len ? sc->stack[sc->len - 1].block : -1;
	/* an end tag does not reach out of a table it is inside */
	int table = key == K_TABLE ? -1 : name_find(sc, K_TABLE)->top;
	if (top < 0 || (is_inline && block > top) || table > top) {
		/* tidy looks for it among all open elements, and ignores it */
		return;
	}
	if (!is_inline) {
		while (sc->len > top)
			scan_pop(sc);
		return;
	}
	/* an inline end tag closes its element; the inline elements
	 * opened inside it stay open (tidy reopens them) */
	int above = sc->len - top - 1;
	uint64_t keep[64];
	if (above > (int)NELEM(keep)) {
		/* deep runs of inline elements: keep them, as if ignored */
		return;
	}
	for (int k = above - 1; k >= 0; k--) {
		keep[k] = sc->stack[sc->len - 1].key;
		scan_pop(sc);
	}
	scan_pop(sc);
	for (int k = 0; k < above; k++)
		scan_push(sc, keep[k], true);
}

/* The innermost open non-inline element's name, or 0. */
static uint64_t
scan_block(const struct scan *sc)
{
	if (!sc->len || sc->stack[sc->len - 1].block < 0)
		return 0;
	return sc->stack[sc->stack[sc->len - 1].block].key;
}

/* Close the innermost non-inline element (and the inline ones in it);
 * the name of the next one out. */
static uint64_t
scan_close_block(struct scan *sc)
{
	int b = sc->stack[sc->len - 1].block;
	while (sc->len > b)
		scan_pop(sc);
	return scan_block(sc);
}

static bool
is_rowgroup(uint64_t k)
{
	return k == K_TABLE || k == K_TBODY || k == K_THEAD || k == K_TFOOT;
}

/* Before a start tag v: the end tags it implies (<li> ends an open li,
 * <td> a td, any of them a p) and the containers tidy adds when they are
 * missing (a table and a row around a lone <td>, a list around <li>). */
static void
scan_implied(struct scan *sc, uint64_t v)
{
	if (sc->extra)
		return;
	bool table_part = v == K_TR || v == K_TD || v == K_TH || v == K_TBODY ||
		v == K_THEAD || v == K_TFOOT;
	bool list_part = v == K_LI || v == K_DT || v == K_DD || v == K_OPTION ||
		v == K_OPTGROUP;
	if (!table_part && !list_part && v != K_P)
		return;
	uint64_t nb = scan_block(sc);
	if (nb == K_P)
		nb = scan_close_block(sc);
	if (v == K_TD || v == K_TH) {
		if (nb == K_TD || nb == K_TH)
			nb = scan_close_block(sc);
		if (nb == K_TR)
			return;
		if (!is_rowgroup(nb))
			scan_push(sc, K_TABLE, false);
		scan_push(sc, K_TR, false);
	} else if (v == K_TR || table_part) {
		if (nb == K_TD || nb == K_TH)
			nb = scan_close_block(sc);
		if (nb == K_TR)
			nb = scan_close_block(sc);
		if (v != K_TR && nb != K_TABLE && is_rowgroup(nb))
			nb = scan_close_block(sc);
		if (!is_rowgroup(nb))
			scan_push(sc, K_TABLE, false);
	} else if (v == K_LI) {
		if (nb == K_LI)
			nb = scan_close_block(sc);
		if (nb != K_UL && nb != K_OL && nb != K_MENU && nb != K_DIR)
			scan_push(sc, K_UL, false);
	} else if (v == K_DT || v == K_DD) {
		if (nb == K_DT || nb == K_DD)
			nb = scan_close_block(sc);
		if (nb != K_DL)
			scan_push(sc, K_DL, false);
	} else if (v == K_OPTION || v == K_OPTGROUP) {
		if (nb == K_OPTION)
			nb = scan_close_block(sc);
		if (v == K_OPTGROUP && nb == K_OPTGROUP)
			scan_close_block(sc);
	}
}

/* tidy's inline stack: an inline start tag is pushed unless one of its
 * kind is there already (font always is); an inline end tag pops the
 * top, </a> down to the a. */
static void
scan_inline_start(struct scan *sc, int kind)
{
	if (sc->inist[kind] && strcmp(copied_tags[kind], "font") != 0)
		return;
	if (sc->ilen == sc->icap) {
		sc->icap = sc->icap ? sc->icap * 2 : 64;
		sc->istack = xreallocarray(sc->istack, (size_t)sc->icap, sizeof *sc->istack);
	}
	sc->istack[sc->ilen++] = kind;
	sc->inist[kind]++;
}

static void
scan_inline_end(struct scan *sc, int kind)
{
	if (!sc->inist[kind])
		return;
	bool is_a = !strcmp(copied_tags[kind], "a");
	while (sc->ilen > 0) {
		int k = sc->istack[--sc->ilen];
		sc->inist[k]--;
		if (!is_a || k == kind)
			break;
	}
}

static bool
is_namechar(unsigned char c)
{
	/* a table: called for every byte of every tag and attribute name */
	static const uint8_t t[256] = {
		['-'] = 1, ['.'] = 1, ['_'] = 1, [':'] = 1,
		['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1,
		['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
		['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1,
		['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1,
		['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1,
		['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1,
		['Y'] = 1, ['Z'] = 1,
		['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1,
		['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1,
		['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1,
		['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1,
		['y'] = 1, ['z'] = 1,
	};
	return c >= 0x80 || t[c];
}

/* The attributes of a start tag from s[i] (just after its name), lexed
 * as tidy does: a name runs to white space, '=', '>', '<' or "/>";
 * a value is quoted (to the matching quote) or runs to white space,
 * '>' or '<'.  Returns the index just past the tag; *selfclose. */
static size_t
scan_attrs(struct scan *sc, const char *s, size_t n, size_t i, bool *selfclose)
{
	int count = 0;
	*selfclose = false;
	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		if (isspace(c) || c == '=' || c == '"' || c == '\'') {
			i++;    /* tidy skips stray '=' and quotes here */
			continue;
		}
		if (c == '>') {
			i++;
			break;
		}
		if (c == '<')
			break;
		if (c == '/' && i + 1 < n && s[i + 1] == '>') {
			*selfclose = true;
			i += 2;
			break;
		}
		/* a name; tidy's validity check of it runs strlen() once per
		 * leading name character */
		size_t start = i, valid = 0;
		bool in_valid = isalpha(c);
		for (; i < n; i++) {
			c = (unsigned char)s[i];
			if (isspace(c) || c == '=' || c == '>' || c == '<')
				break;
			if (c == '/' && i + 1 < n && s[i + 1] == '>')
				break;
			if ((c == '"' || c == '\'') && i > start && s[i - 1] == '-')
				break;
			if (in_valid && is_namechar(c))
				valid++;
			else
				in_valid = false;
		}
		size_t len = i - start;
		count++;
		if (len > sc->longest_name)
			sc->longest_name = len;
		sc->name_work += (uint64_t)len * valid;
		/* a value? */
		size_t j = i;
		while (j < n && isspace((unsigned char)s[j]))
			j++;
		if (j >= n || (s[j] != '=' && s[j] != '"' && s[j] != '\''))
			continue;
		if (s[j] == '=') {
			j++;
			while (j < n && isspace((unsigned char)s[j]))
				j++;
		}
		if (j < n && (s[j] == '"' || s[j] == '\'')) {
			const char *q = memchr(s + j + 1, s[j], n - j - 1);
			i = q ? (size_t)(q - s) + 1 : n;
		} else {
			while (j < n && !isspace((unsigned char)s[j]) && s[j] != '>' && s[j] != '<')
				j++;
			i = j;
		}
	}
	if (count > sc->max_attrs)
		sc->max_attrs = count;
	return i;
}

/* One pass over the page: the nesting depth and the costs above. */
static void
scan_tags(struct scan *sc, const char *s, size_t n, int cap)
{
	pthread_once(&packed_once, init_packed);
	memset(sc, 0, sizeof *sc);
	sc->cap = cap > 0 ? cap : 1;
	sc->stack = xmalloc((size_t)sc->cap * sizeof *sc->stack);
	size_t i = 0;
	char name[16];
	while (i < n) {
		const char *lt = memchr(s + i, '<', n - i);
		if (!lt)
			break;
		i = (size_t)(lt - s) + 1;
		if (i >= n)
			break;
		/* tidy walks the open elements at about every tag */
		sc->walk_work += (uint64_t)scan_depth(sc);
		if (s[i] == '!') {
			if (i + 2 < n && s[i + 1] == '-' && s[i + 2] == '-') {
				const char *e = i + 3 < n ? memmem(s + i + 3, n - i - 3, "-->", 3) : NULL;
				i = e ? (size_t)(e - s) + 3 : n;
			}
			continue;
		}
		bool close = s[i] == '/';
		if (close)
			i++;
		if (i >= n || !isalpha((unsigned char)s[i]))
			continue;
		/* the whole name; the first 15 bytes, and a hash of all */
		size_t k = 0;
		uint64_t h = 14695981039346656037u;
		bool dash = false;
		while (i < n && is_namechar((unsigned char)s[i])) {
			char c = (char)tolower((unsigned char)s[i++]);
			if (k < sizeof name - 1)
				name[k] = c;
			dash |= c == '-';
			k++;
			h = (h ^ (unsigned char)c) * 1099511628211u;
		}
		size_t kk = k < sizeof name - 1 ? k : sizeof name - 1;
		name[kk] = '\0';
		uint64_t key = k <= 8 ? pack8(name, k) : h | 1;
		if (dash) {
			/* tidy declares each custom element name and looks new
			 * names up along the list of those it declared */
			struct name_slot *ns = name_find(sc, key);
			if (!ns->custom) {
				ns->custom = true;
				sc->ncustom++;
			}
		}
		bool selfclose = false;
		if (close) {
			const char *gt = memchr(s + i, '>', n - i);
			i = gt ? (size_t)(gt - s) + 1 : n;
		} else {
			i = scan_attrs(sc, s, n, i, &selfclose);
		}
		if (!close)
			sc->elements++;
		/* what kind of element: looked up once per name and page */
		struct name_slot *ns = name_find(sc, key);
		if (!ns->known) {
			uint64_t v = k <= 8 ? key : 0;
			ns->known = true;
			ns->is_void = packed_index(void_packed, NELEM(void_packed), v) >= 0;
			ns->kind = (int16_t)packed_index(inline_packed, NELEM(inline_packed), v);
			ns->copied = (int16_t)packed_index(copied_packed, NELEM(copied_packed), v);
			ns->shallow = packed_index(shallow_packed, NELEM(shallow_packed), v) >= 0;
		}
		if (ns->is_void)
			continue;
		int kind = ns->kind, copied = ns->copied;
		bool shallow = ns->shallow;
		uint64_t v = k <= 8 ? key : 0;
		if (close) {
			if (copied >= 0)
				scan_inline_end(sc, copied);
			if (!shallow)
				scan_end(sc, key, kind >= 0);
			continue;
		}
		if (kind >= 0) {
			if (copied >= 0)
				scan_inline_start(sc, copied);
		} else {
			/* a block: tidy opens the inline stack's elements in it */
			sc->reopen += (uint64_t)sc->ilen;
			if (sc->ilen && scan_depth(sc) + 1 + sc->ilen > sc->max_depth)
				sc->max_depth = scan_depth(sc) + 1 + sc->ilen;
		}
		if (shallow || selfclose)
			continue;
		scan_implied(sc, v);
		if (!strcmp(name, "script") || !strcmp(name, "style")) {
			/* Raw text: skip to the matching end tag. */
			char endtag[24];
			int el = snprintf(endtag, sizeof endtag, "</%s", name);
			size_t j = i;
			while (j + (size_t)el <= n && strncasecmp(s + j, endtag, (size_t)el) != 0) {
				const char *nl = memchr(s + j + 1, '<', n - j - 1);
				j = nl ? (size_t)(nl - s) : n;
			}
			i = j;
			continue;
		}
		scan_push(sc, key, kind >= 0);
		if (scan_depth(sc) > sc->max_depth)
			sc->max_depth = scan_depth(sc);
	}
	free(sc->stack);
	free(sc->names);
	free(sc->istack);
	sc->stack = NULL;
	sc->names = NULL;
	sc->istack = NULL;
}

void
dom_scan(const char *s, size_t n, int cap, struct dom_scan *out)
{
	struct scan sc;
	scan_tags(&sc, s, n, cap);
	out->max_depth = sc.max_depth;
	out->max_attrs = sc.max_attrs;
	out->longest_name = sc.longest_name;
	out->name_work = sc.name_work;
	out->walk_work = sc.walk_work;
	out->reopen = sc.reopen;
	out->ncustom = sc.ncustom;
	out->elements = sc.elements;
}

int
dom_nesting_depth(const char *s, size_t n)
{
	struct scan sc;
	scan_tags(&sc, s, n, DOM_DEFAULT_MAX_DEPTH + 1);
	return sc.max_depth;
}

