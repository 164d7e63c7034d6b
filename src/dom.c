/* dom.c - libtidy's tree walked once into flat arrays. */
#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* tidy.h declares const-qualified return types that -Wextra flags. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-qualifiers"
#include <tidy.h>
#include <tidybuffio.h>
#pragma GCC diagnostic pop

#include "dom.h"
#include "source.h"

/* Attributes on one element; real pages stay under a hundred. */
#define DOM_MAX_ATTRS 256
/* libtidy's costs the pre-scan bounds (see struct scan), each about
 * a second of libtidy's time at the limit; real pages stay far below. */
#define DOM_MAX_NAME_WORK (1ULL << 32)     /* attribute name length x valid prefix */
#define DOM_MAX_WALK_WORK 50000000ULL     /* open elements walked, summed over tags */
#define DOM_MAX_REOPEN 200000ULL          /* formatting elements copied into blocks */
#define DOM_MAX_CUSTOM 2000               /* different custom element names */
#define DOM_MAX_ELEMENTS 2000000          /* start tags */
/* dom_lost: the parser lost at least this share of the page's text, and
 * this many characters */
#define DOM_LOSS_PCT 10
#define DOM_LOSS_MIN 100

void
dom_opts_default(struct dom_opts *o)
{
	o->max_depth = DOM_DEFAULT_MAX_DEPTH;
}

static const char *const phrasing_tags[] = {
	"a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "dfn",
	"em", "font", "i", "kbd", "mark", "q", "s", "samp", "small", "span",
	"strong", "sub", "sup", "time", "u", "var", "wbr", "img", "label",
};

static const char *const skip_tags[] = {
	"script", "style", "noscript", "template", "head",
};

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

static bool
in_list(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(name, list[i]) == 0)
			return true;
	return false;
}

#define IN_LIST(name, list) in_list(name, list, sizeof list / sizeof list[0])
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

int
dom_nesting_depth(const char *s, size_t n)
{
	struct scan sc;
	scan_tags(&sc, s, n, DOM_DEFAULT_MAX_DEPTH + 1);
	return sc.max_depth;
}

/* ---- building ---- */

struct builder {
	struct dom *d;
	int cap, tcap, acap, tagcap;
	struct buf pool;
	/* tag interning: open addressing over tagnames */
	int *hash;
	int hashcap;
	uint8_t *tagflags;      /* DOM_PHRASING / DOM_SKIP by tag id */
	TidyBuffer val;
};

static unsigned
strhash(const char *s)
{
	unsigned h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int
intern_tag(struct builder *b, const char *name)
{
	struct dom *d = b->d;
	unsigned h = strhash(name);
	for (int k = 0;; k++) {
		int slot = (int)((h + (unsigned)k) & (unsigned)(b->hashcap - 1));
		int id = b->hash[slot];
		if (id < 0) {
			if (d->ntags == b->tagcap) {
				b->tagcap = b->tagcap ? b->tagcap * 2 : 64;
				d->tagnames = xreallocarray(d->tagnames, (size_t)b->tagcap, sizeof *d->tagnames);
			}
			id = d->ntags++;
			d->tagnames[id] = xstrdup(name);
			for (char *c = d->tagnames[id]; *c; c++)
				*c = (char)tolower((unsigned char)*c);
			b->hash[slot] = id;
			/* classify once per tag, not once per element */
			b->tagflags = xrealloc(b->tagflags, (size_t)b->tagcap);
			b->tagflags[id] = (IN_LIST(d->tagnames[id], phrasing_tags) ? DOM_PHRASING : 0) |
					  (IN_LIST(d->tagnames[id], skip_tags) ? DOM_SKIP : 0);
			if (d->ntags * 2 > b->hashcap) {
				/* grow and rehash */
				int ncap = b->hashcap * 2;
				int *nh = xmalloc((size_t)ncap * sizeof *nh);
				for (int s = 0; s < ncap; s++)
					nh[s] = -1;
				for (int t = 0; t < d->ntags; t++) {
					unsigned th = strhash(d->tagnames[t]);
					int ss = (int)(th & (unsigned)(ncap - 1));
					while (nh[ss] >= 0)
						ss = (ss + 1) & (ncap - 1);
					nh[ss] = t;
				}
				free(b->hash);
				b->hash = nh;
				b->hashcap = ncap;
			}
			return id;
		}
		if (strcasecmp(d->tagnames[id], name) == 0)
			return id;
	}
}

static uint32_t
pool_add(struct builder *b, const char *s, size_t n)
{
	uint32_t off = (uint32_t)b->pool.len;
	buf_add(&b->pool, s, n);
	/* tidy decodes &#0; to U+0000 and &#1; to U+0001: no text holds
	 * a control character other than tab and line feed */
	char *t = b->pool.data + off;
	blank_controls(t, n, false);
	/* tidy gets valid UTF-8, but repeats the first bytes of a character
	 * after a '<' that starts no tag ("<\xe2\x80\xe2\x80\xa1" for "<‡"):
	 * what is not UTF-8 is its own, and dropped */
	if (utf8_valid_prefix((const unsigned char *)t, n) != n) {
		size_t w = 0;
		for (size_t i = 0; i < n;) {
			uint32_t cp;
			size_t k = utf8_decode((const unsigned char *)t + i, n - i, &cp);
			if (cp != 0xFFFD || k != 1) {
				memmove(t + w, t + i, k);
				w += k;
			}
			i += k;
		}
		b->pool.len = off + w;
	}
	buf_addc(&b->pool, '\0');
	b->d->pool = b->pool.data;  /* dom_attr works while building */
	return off;
}

static void
grow_elements(struct builder *b)
{
	struct dom *d = b->d;
	if (d->n < b->cap)
		return;
	b->cap = b->cap ? b->cap * 2 : 1024;
	size_t c = (size_t)b->cap;
	d->parent = xreallocarray(d->parent, c, sizeof(int));
	d->first_child = xreallocarray(d->first_child, c, sizeof(int));
	d->next_sibling = xreallocarray(d->next_sibling, c, sizeof(int));
	d->end = xreallocarray(d->end, c, sizeof(int));
	d->depth = xreallocarray(d->depth, c, sizeof(int));
	d->tag = xreallocarray(d->tag, c, sizeof(int));
	d->pos = xreallocarray(d->pos, c, sizeof(int));
	d->line = xreallocarray(d->line, c, sizeof(int));
	d->col = xreallocarray(d->col, c, sizeof(int));
	d->flags = xreallocarray(d->flags, c, 1);
	d->text_begin = xreallocarray(d->text_begin, c, sizeof(int));
	d->text_end = xreallocarray(d->text_end, c, sizeof(int));
	d->attr_begin = xreallocarray(d->attr_begin, c + 1, sizeof(int));
}

static struct dom_text *
new_text(struct builder *b)
{
	struct dom *d = b->d;
	if (d->ntexts == b->tcap) {
		b->tcap = b->tcap ? b->tcap * 2 : 1024;
		d->texts = xreallocarray(d->texts, (size_t)b->tcap, sizeof *d->texts);
	}
	return &d->texts[d->ntexts++];
}

static void
add_attr(struct builder *b, const char *name, const char *value)
{
	struct dom *d = b->d;
	if (d->nattrs == b->acap) {
		b->acap = b->acap ? b->acap * 2 : 1024;
		d->attrs = xreallocarray(d->attrs, (size_t)b->acap, sizeof *d->attrs);
	}
	struct dom_attr *a = &d->attrs[d->nattrs++];
	a->name = pool_add(b, name, strlen(name));
	a->value = pool_add(b, value ? value : "", value ? strlen(value) : 0);
}

/* Start element for tidy node nd under parent p; returns its id. */
static int
add_element(struct builder *b, TidyNode nd, int p, int *last_child)
{
	struct dom *d = b->d;
	grow_elements(b);
	int i = d->n++;
	const char *name = tidyNodeGetName(nd);
	d->tag[i] = intern_tag(b, name ? name : "unknown");
	d->parent[i] = p;
	d->first_child[i] = -1;
	d->next_sibling[i] = -1;
	d->depth[i] = p < 0 ? 0 : d->depth[p] + 1;
	d->line[i] = (int)tidyNodeLine(nd);
	d->col[i] = (int)tidyNodeColumn(nd);
	d->text_begin[i] = d->ntexts;
	d->attr_begin[i] = d->nattrs;
	if (p >= 0) {
		if (last_child[p] < 0)
			d->first_child[p] = i;
		else
			d->next_sibling[last_child[p]] = i;
		last_child[p] = i;
	}
	last_child[i] = -1;

	const char *tn = d->tagnames[d->tag[i]];
	uint8_t f = 0;
	bool has_href = false;
	for (TidyAttr a = tidyAttrFirst(nd); a; a = tidyAttrNext(a)) {
		const char *an = tidyAttrName(a);
		if (!an)
			continue;
		add_attr(b, an, tidyAttrValue(a));
		if (!strcasecmp(an, "href"))
			has_href = true;
	}
	d->attr_begin[i + 1] = d->nattrs;
	f |= b->tagflags[d->tag[i]];
	if (p >= 0 && (d->flags[p] & DOM_SKIP))
		f |= DOM_SKIP;
	if (p >= 0 && (d->flags[p] & DOM_INLINK))
		f |= DOM_INLINK;
	if (!strcmp(tn, "a") && has_href)
		f |= DOM_LINK | DOM_INLINK;
	d->flags[i] = f;
	if (d->body < 0 && !strcmp(tn, "body"))
		d->body = i;
	if (d->head < 0 && !strcmp(tn, "head"))
		d->head = i;
	return i;
}

static int
block_of(const struct dom *d, int e)
{
	while (e >= 0 && (d->flags[e] & DOM_PHRASING))
		e = d->parent[e];
	return e < 0 ? 0 : e;
}

/* Text inside skipped elements is kept only where metadata lives. */
static bool
keep_skipped_text(const struct dom *d, int e)
{
	const char *tn = dom_tagname(d, e);
	if (!strcmp(tn, "title"))
		return true;
	if (!strcmp(tn, "script")) {
		const char *type = dom_attr(d, e, "type");
		return type && strstr(type, "ld+json");
	}
	return false;
}

static void
add_text(struct builder *b, TidyDoc doc, TidyNode nd, int e)
{
	struct dom *d = b->d;
	uint8_t f = 0;
	if (d->flags[e] & DOM_SKIP) {
		if (!keep_skipped_text(d, e))
			return;
		f |= TEXT_SKIP;
	}
	if (d->flags[e] & DOM_INLINK)
		f |= TEXT_LINK;
	if (!tidyNodeGetValue(doc, nd, &b->val))
		return;
	size_t len = b->val.size;
	/* tidy zeroes the whole buffer on every call: don't keep a big one */
	struct dom_text *t = new_text(b);
	t->off = pool_add(b, (const char *)b->val.bp, len);
	t->len = (uint32_t)(b->pool.len - 1 - t->off);
	t->elem = e;
	t->block = block_of(d, e);
	t->line = (int)tidyNodeLine(nd);
	t->flags = f;
	/* (a memset of what it holds: past a few pages' worth, freeing
	 * and growing again is cheaper) */
	if (b->val.allocated > 4096)
		tidyBufFree(&b->val);
}

static void
add_break(struct builder *b, int e)
{
	struct dom *d = b->d;
	struct dom_text *t = new_text(b);
	t->off = 0;
	t->len = 0;
	t->elem = e;
	t->block = block_of(d, e);
	t->line = d->line[e];
	t->flags = TEXT_BREAK | ((d->flags[e] & DOM_SKIP) ? TEXT_SKIP : 0);
}

static Bool TIDY_CALL
quiet(TidyMessage m)
{
	(void)m;
	return no;
}

static pthread_once_t tidy_lang_once = PTHREAD_ONCE_INIT;

static void
tidy_lang(void)
{
	/* Without this, tidyCreate() changes the process locale. */
	tidySetLanguage("en");
}

static void
walk(struct builder *b, TidyDoc doc)
{
	struct dom *d = b->d;
	int lccap = 1024;
	int *last_child = xmalloc((size_t)lccap * sizeof *last_child);
	TidyNode root = tidyGetRoot(doc);
	TidyNode nd = tidyGetChild(root);
	int cur = -1;   /* element id of the tidy node we are inside */
	/* Iterative pre-order walk over tidy's tree using its parent links. */
	while (nd) {
		TidyNodeType type = tidyNodeGetType(nd);
		int me = -1;
		if (type == TidyNode_Start || type == TidyNode_StartEnd) {
			if (d->n + 1 >= lccap) {
				lccap *= 2;
				last_child = xreallocarray(last_child, (size_t)lccap, sizeof *last_child);
			}
			me = add_element(b, nd, cur, last_child);
			if (!strcmp(dom_tagname(d, me), "br"))
				add_break(b, me);
		} else if ((type == TidyNode_Text || type == TidyNode_CDATA) && cur >= 0) {
			add_text(b, doc, nd, cur);
		}
		TidyNode child = me >= 0 ? tidyGetChild(nd) : NULL;
		if (child) {
			cur = me;
			nd = child;
			continue;
		}
		if (me >= 0) {
			d->end[me] = d->n;
			d->text_end[me] = d->ntexts;
		}
		/* climb until a next sibling exists */
		while (nd) {
			TidyNode next = tidyGetNext(nd);
			if (next) {
				nd = next;
				break;
			}
			nd = tidyGetParent(nd);
			if (!nd || nd == root) {
				nd = NULL;
				break;
			}
			if (cur >= 0) {
				d->end[cur] = d->n;
				d->text_end[cur] = d->ntexts;
				cur = d->parent[cur];
			}
		}
	}
	while (cur >= 0) {
		d->end[cur] = d->n;
		d->text_end[cur] = d->ntexts;
		cur = d->parent[cur];
	}
	free(last_child);
}

/* 1-based positions among same-tag siblings, O(n) with a scratch counter
 * per tag. */
static void
compute_positions(struct dom *d)
{
	int *count = xcalloc((size_t)d->ntags + 1, sizeof *count);
	for (int p = -1; p < d->n; p++) {
		int c = p < 0 ? 0 : d->first_child[p];
		if (p < 0 && d->n == 0)
			break;
		int start = c;
		for (; c >= 0; c = p < 0 ? -1 : d->next_sibling[c])
			d->pos[c] = ++count[d->tag[c]];
		for (c = start; c >= 0; c = p < 0 ? -1 : d->next_sibling[c])
			count[d->tag[c]] = 0;
	}
	free(count);
}

const void *
dom_tidy_create(void)
{
	pthread_once(&tidy_lang_once, tidy_lang);
	TidyDoc doc = tidyCreate();
	tidySetMessageCallback(doc, quiet);
	tidyOptSetBool(doc, TidyShowWarnings, no);
	tidyOptSetBool(doc, TidyShowInfo, no);
	tidyOptSetBool(doc, TidyQuiet, yes);
	tidyOptSetInt(doc, TidyShowErrors, 0);
	/* keep the page's structure as written: empty elements stay */
	tidyOptSetBool(doc, TidyDropEmptyElems, no);
	tidyOptSetBool(doc, TidyDropEmptyParas, no);
	tidyOptSetBool(doc, TidyMark, no);
	tidyOptSetInt(doc, TidyUseCustomTags, TidyCustomBlocklevel);
	tidySetInCharEncoding(doc, "utf8");
	return doc;
}

/* A processing instruction ("<?xml ...") that no '>' ends: HTML reads
 * it as a comment to the end of the page, and libtidy keeps all of it in
 * memory it never frees (a 1 MB one leaks 1 MB a page, which a long
 * batch's worker would carry on).  The page ends where it starts: the
 * first "<?" after the last '>'. */
static size_t
pi_cut(const char *s, size_t n)
{
	const char *gt = memrchr(s, '>', n);
	size_t from = gt ? (size_t)(gt - s) + 1 : 0;
	for (size_t i = from; i + 1 < n; i++)
		if (s[i] == '<' && s[i + 1] == '?')
			return i;
	return n;
}

/* Characters of the tree's text, counted as source_scan counts them. */
static long
tree_text(const struct dom *d)
{
	long k = 0;
	for (int t = 0; t < d->ntexts; t++) {
		if (d->texts[t].flags & TEXT_SKIP)
			continue;
		k += source_chars(dom_text(d, t), d->texts[t].len);
	}
	return k;
}

/* Where the text the tree lacks begins: the character past the tree's
 * count in the source, and the element the parser had open there (the
 * last to start before it, out of script-like elements). */
static void
find_loss(struct dom *d, const char *src, size_t n)
{
	struct source_scan at;
	source_scan(src, n, d->tree_text, &at);
	source_scan_free(&at);
	source_line_col(src, n, at.stop_at, &d->loss_line, &d->loss_col);
	/* an offset in the page as given: less the end tags put in */
	size_t off = at.stop_at;
	for (int k = 0; k < d->closed_selects; k++)
		if (d->closed_at[k] + (size_t)k * 9 < at.stop_at)
			off -= 9;
	d->loss_at = off;
	int e = -1;
	for (int i = 0; i < d->n; i++)
		if (d->line[i] < d->loss_line ||
		    (d->line[i] == d->loss_line && d->col[i] <= d->loss_col))
			e = i;
	while (e >= 0 && (d->flags[e] & DOM_SKIP) && d->parent[e] >= 0)
		e = d->parent[e];
	d->loss_elem = e;
}

int
dom_parse(const char *utf8, size_t len, const struct dom_opts *o,
	  struct dom **out, char *err, size_t errlen)
{
	*out = NULL;
	struct scan sc;
	scan_tags(&sc, utf8, len, o->max_depth < INT_MAX ? o->max_depth + 1 : INT_MAX);
	if (sc.max_depth > o->max_depth) {
		snprintf(err, errlen, "elements nested %d deep, over the limit of %d (--max-depth)",
			 sc.max_depth, o->max_depth);
		return -1;
	}
	/* libtidy's time is quadratic in the attributes of one element
	 * (20 000 take 4 s), so one tag could stall a run for hours. */
	if (sc.max_attrs > DOM_MAX_ATTRS) {
		snprintf(err, errlen, "an element with %d attributes, over the limit of %d",
			 sc.max_attrs, DOM_MAX_ATTRS);
		return -1;
	}
	if (sc.name_work > DOM_MAX_NAME_WORK) {
		snprintf(err, errlen, "attribute names too long for the HTML parser "
			 "(the longest has %zu bytes)", sc.longest_name);
		return -1;
	}
	if (sc.walk_work > DOM_MAX_WALK_WORK) {
		snprintf(err, errlen, "too many tags inside deep nesting (%llu open "
			 "elements walked by the HTML parser, over the limit of %llu)",
			 (unsigned long long)sc.walk_work, (unsigned long long)DOM_MAX_WALK_WORK);
		return -1;
	}
	/* the auto method's trees take about 7 s a million elements */
	if (sc.elements > DOM_MAX_ELEMENTS) {
		snprintf(err, errlen, "%ld elements, over the limit of %d",
			 sc.elements, DOM_MAX_ELEMENTS);
		return -1;
	}
	if (sc.ncustom > DOM_MAX_CUSTOM) {
		snprintf(err, errlen, "%d different custom element names, over the limit of %d",
			 sc.ncustom, DOM_MAX_CUSTOM);
		return -1;
	}
	if (sc.reopen > DOM_MAX_REOPEN) {
		snprintf(err, errlen, "unclosed formatting elements the HTML parser would "
			 "copy %llu times, over the limit of %llu",
			 (unsigned long long)sc.reopen, (unsigned long long)DOM_MAX_REOPEN);
		return -1;
	}
	len = pi_cut(utf8, len);
	/* the page's text as a tokenizer reads it, and the selects HTML5
	 * closes that libtidy leaves open (it then swallows the page) */
	struct source_scan ss;
	source_scan(utf8, len, -1, &ss);
	char *fixed = NULL;
	const char *src = utf8;
	size_t srclen = len;
	if (ss.nclose) {
		fixed = source_repair(utf8, len, &ss, &srclen);
		src = fixed;
	}
	TidyDoc doc = dom_tidy_create();
	TidyBuffer in;
	tidyBufInit(&in);
	tidyBufAttach(&in, (byte *)src, (uint)srclen);
	int rc = tidyParseBuffer(doc, &in);
	tidyBufDetach(&in);
	if (rc < 0) {
		tidyRelease(doc);
		free(fixed);
		source_scan_free(&ss);
		snprintf(err, errlen, "the HTML parser gave up (tidy error %d)", rc);
		return -1;
	}

	struct dom *d = xcalloc(1, sizeof *d);
	struct builder b;
	memset(&b, 0, sizeof b);
	b.d = d;
	d->body = d->head = -1;
	b.hashcap = 128;
	b.hash = xmalloc((size_t)b.hashcap * sizeof *b.hash);
	for (int s = 0; s < b.hashcap; s++)
		b.hash[s] = -1;
	buf_init(&b.pool);
	buf_reserve(&b.pool, len);
	buf_addc(&b.pool, '\0'); /* offset 0 is the empty string */
	tidyBufInit(&b.val);
	walk(&b, doc);
	tidyBufFree(&b.val);
	tidyRelease(doc);
	free(b.hash);
	free(b.tagflags);
	grow_elements(&b);
	d->attr_begin[d->n] = d->nattrs;
	d->pool = buf_steal(&b.pool, &d->pool_len);
	compute_positions(d);
	d->source_text = ss.text;
	d->closed_selects = ss.nclose;
	d->closed_at = ss.close_at;     /* the dom's now */
	ss.close_at = NULL;
	d->tree_text = tree_text(d);
	d->loss_elem = -1;
	if (dom_lost(d))
		find_loss(d, src, srclen);
	free(fixed);
	source_scan_free(&ss);
	*out = d;
	return 0;
}

bool
dom_lost(const struct dom *d)
{
	long lost = d->source_text - d->tree_text;
	return lost >= DOM_LOSS_MIN && lost * 100 >= d->source_text * DOM_LOSS_PCT;
}

void
dom_parse_note(const struct dom *d, bool verbose, struct buf *out)
{
	if (dom_lost(d)) {
		long lost = d->source_text - d->tree_text;
		buf_printf(out, "the parser lost %ld %% of the page's text (%ld of %ld characters) "
			   "from byte %zu (line %d, column %d)",
			   lost * 100 / d->source_text, lost, d->source_text, d->loss_at,
			   d->loss_line, d->loss_col);
		if (d->loss_elem >= 0) {
			/* the element and up to two of its ancestors below body */
			int chain[3], k = 0;
			for (int e = d->loss_elem; e >= 0 && e != d->body && k < 3; e = d->parent[e])
				chain[k++] = e;
			buf_adds(out, ", inside ");
			while (k-- > 0) {
				dom_label(d, chain[k], out);
				if (k)
					buf_adds(out, " > ");
			}
		}
	} else if (verbose) {
		buf_printf(out, "parser: %ld of %ld characters of the page's text in the tree",
			   d->tree_text < d->source_text ? d->tree_text : d->source_text,
			   d->source_text);
	}
	if (d->closed_selects && (verbose || out->len))
		buf_printf(out, "%s%d unclosed select%s closed where HTML5 closes %s",
			   out->len ? "; " : "", d->closed_selects,
			   d->closed_selects == 1 ? "" : "s", d->closed_selects == 1 ? "it" : "them");
}

void
dom_free(struct dom *d)
{
	if (!d)
		return;
	free(d->parent);
	free(d->first_child);
	free(d->next_sibling);
	free(d->end);
	free(d->depth);
	free(d->tag);
	free(d->pos);
	free(d->line);
	free(d->col);
	free(d->flags);
	free(d->text_begin);
	free(d->text_end);
	free(d->attr_begin);
	free(d->attrs);
	free(d->texts);
	free(d->pool);
	free(d->closed_at);
	for (int t = 0; t < d->ntags; t++)
		free(d->tagnames[t]);
	free(d->tagnames);
	free(d);
}

const char *
dom_attr(const struct dom *d, int i, const char *name)
{
	/* names equal but for case differ at most in bit 0x20 of their first
	 * byte: a cheap test that rejects most before strcasecmp */
	unsigned char c = (unsigned char)name[0];
	for (int a = d->attr_begin[i]; a < d->attr_begin[i + 1]; a++) {
		const char *an = d->pool + d->attrs[a].name;
		if ((((unsigned char)an[0] ^ c) & ~0x20) == 0 && !strcasecmp(an, name))
			return d->pool + d->attrs[a].value;
	}
	return NULL;
}

int
dom_tag_id(const struct dom *d, const char *name)
{
	for (int t = 0; t < d->ntags; t++)
		if (!strcmp(d->tagnames[t], name))
			return t;
	return -1;
}

void
dom_xpath(const struct dom *d, int i, struct buf *out)
{
	/* The ancestors, root last; the depth is known, so one allocation. */
	int depth = d->depth[i] + 1;
	int *path = xmalloc((size_t)depth * sizeof *path);
	int n = 0;
	for (int e = i; e >= 0 && n < depth; e = d->parent[e])
		path[n++] = e;
	for (int k = n - 1; k >= 0; k--) {
		int e = path[k];
		const char *tn = dom_tagname(d, e);
		if (!strcmp(tn, "html") || !strcmp(tn, "body") || !strcmp(tn, "head"))
			buf_printf(out, "/%s", tn);
		else
			buf_printf(out, "/%s[%d]", tn, d->pos[e]);
	}
	free(path);
}

/* ---- labels ---- */

/* Append at most max code points of s, then "~" if it went on. */
static void
add_short(struct buf *out, const char *s, size_t n, int max)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	int k = 0;
	while (i < n && k < max) {
		uint32_t cp;
		i += utf8_decode(u + i, n - i, &cp);
		k++;
	}
	buf_add(out, s, i);
	if (i < n)
		buf_addc(out, '~');
}

void
dom_label(const struct dom *d, int i, struct buf *out)
{
	buf_adds(out, dom_tagname(d, i));
	const char *id = dom_attr(d, i, "id");
	if (id && *id) {
		buf_addc(out, '#');
		add_short(out, id, strlen(id), 16);
	}
	const char *cls = dom_attr(d, i, "class");
	int shown = 0, more = 0;
	while (cls && *cls) {
		while (*cls == ' ' || *cls == '\t' || *cls == '\n' || *cls == '\r' || *cls == '\f')
			cls++;
		size_t len = strcspn(cls, " \t\n\r\f");
		if (!len)
			break;
		if (shown < 2) {
			buf_addc(out, '.');
			add_short(out, cls, len, 14);
			shown++;
		} else {
			more++;
		}
		cls += len;
	}
	if (more)
		buf_printf(out, "+%d", more);
}
