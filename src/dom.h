/* dom.h - the page's element tree as flat arrays indexed by node id.
 *
 * libtidy parses the UTF-8 text; its tree is walked once into a struct dom
 * and released.  Elements are numbered 0..n-1 in document (pre-)order, so
 * a node's descendants are exactly the ids i+1 .. end[i]-1 and a reverse
 * loop over ids visits children before parents.  Text nodes are numbered
 * in document order too; an element's text is texts[text_begin..text_end).
 *
 * All memory belongs to the struct dom and dies with dom_free().  Parse
 * failures (nesting beyond the limit, markup libtidy would take minutes
 * over, tidy refusing the input) return -1 with a reason in err; nothing
 * is printed. */
#ifndef PITH_DOM_H
#define PITH_DOM_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

#define DOM_DEFAULT_MAX_DEPTH 5000

/* Element flags. */
enum {
	DOM_PHRASING = 1 << 0,  /* phrasing content (a, span, b, ...) */
	DOM_SKIP     = 1 << 1,  /* script/style/noscript/template/head/video/
				   audio or inside one */
	DOM_LINK     = 1 << 2,  /* an a element with an href */
	DOM_INLINK   = 1 << 3,  /* a link or inside one */
	DOM_NOSCRIPT = 1 << 4,  /* a <noscript> of the body or inside one (not in
				   a script, style or template there) */
	DOM_DIALOG   = 1 << 5,  /* a dialog over the page or inside one, not in
				   a script, style or template there
				   (dom_dialog; DOM_SKIP too) */
	DOM_PERMALINK = 1 << 6, /* a heading's permalink: a link within the
				   page whose whole text is one mark, "¶" or
				   "#" (dom_permalink; DOM_SKIP too) */
	DOM_PANEL    = 1 << 7,  /* a part the page shows on demand or as it
				   arrives: a tab panel (role="tabpanel"), a
				   hidden answer (class "...answer..."), the
				   element an aria-controls names and the
				   wrappers it is the only element of (two
				   levels), a streamed segment (dom_hidden_attr) */
};

/* Text node flags. */
enum {
	TEXT_SKIP  = 1 << 0,    /* kept only for metadata (title, JSON-LD) */
	TEXT_LINK  = 1 << 1,    /* inside a link */
	TEXT_BREAK = 1 << 2,    /* a <br>: no characters, a line break */
	TEXT_NOSCRIPT = 1 << 3, /* in a DOM_NOSCRIPT element */
	TEXT_SPACED = 1 << 4,   /* the words before it stay apart from its:
				   the first text in or after an element of a
				   name HTML does not have, whose white space
				   the parser dropped (dom.c's mark_inline),
				   and the first after a formula's source left
				   out, a style in the body or a meta or link
				   white space stood beside (mark_apart) */
	TEXT_PRE   = 1 << 5,    /* in a pre (or listing, xmp, plaintext): its
				   white space is the text's (mark_pre) */
	TEXT_PROSE = 1 << 6,    /* in such an element whose text reads as
				   prose, not code: a bug tracker's comment, an
				   archived mail (mark_pre) */
};

struct dom_text {
	uint32_t off, len;      /* bytes in pool */
	int elem;               /* parent element */
	int block;              /* nearest non-phrasing ancestor element */
	int line;               /* tidy's line (unreliable for text) */
	uint8_t flags;
};

struct dom_attr {
	uint32_t name, value;   /* offsets of NUL-terminated strings in pool */
};

/* The text nodes with their white space collapsed, as extract.c emits
 * them (extract_prepare). */
struct dom_collapsed {
	char *text;             /* the nodes' collapsed text, one after another */
	struct dom_collapsed_at {
		uint32_t off, len;  /* in text: from the first character not white
				       to the last, runs of white space one space */
		uint8_t lead, trail;  /* white space before, after it (all of an
					 all-white node is lead) */
	} *at;
};

/* (A field added here is sent by dom_pack and kept by dom_unpack too.) */
struct dom {
	int n;                  /* elements */
	int *parent;            /* -1 for the root */
	int *first_child;       /* element children only; -1 if none */
	int *next_sibling;      /* -1 if none */
	int *end;               /* one past the last descendant id */
	int *depth;             /* root 0 */
	int *tag;               /* index into tagnames */
	int *pos;               /* 1-based position among same-tag siblings */
	int *line, *col;        /* source position from tidy */
	uint8_t *flags;
	int *text_begin, *text_end;
	int *attr_begin;        /* n+1 entries into attrs */
	struct dom_attr *attrs;
	int nattrs;
	struct dom_text *texts;
	int ntexts;
	char *pool;
	size_t pool_len;
	/* Each text node collapsed (extract_prepare, for pages extracted
	 * again and again; NULL until then). */
	struct dom_collapsed *collapsed;
	char **tagnames;        /* interned, lower case */
	int ntags;
	int body;               /* id of body, or -1 */
	int head;               /* id of head, or -1 */
	/* what the parser did with the page's text (see dom_lost) */
	long source_text;       /* characters of text in the bytes, as a
				   tokenizer reads them (source.h) */
	long tree_text;         /* the same count over the tree's text */
	int closed_selects;     /* unclosed selects closed before parsing,
				   as HTML5's parsers close them */
	size_t *closed_at;      /* where, in the page's bytes: the
				   "</select>" put in before each */
	size_t loss_at;         /* where the text the tree lacks begins: a
				   byte offset in the page, its line and
				   column, and the element open there (-1) */
	int loss_line, loss_col, loss_elem;
	/* The page's text stands in <noscript> (an application's shell, its
	 * content for readers without scripts): characters of text shown
	 * outside it and inside it, when the tree reads <noscript> as a
	 * browser with scripting off does; 0 and 0 otherwise. */
	long noscript_shown, noscript_read;
};

struct dom_opts {
	int max_depth;
};

void dom_opts_default(struct dom_opts *o);
int dom_parse(const char *utf8, size_t len, const struct dom_opts *o,
	      struct dom **out, char *err, size_t errlen);
void dom_free(struct dom *d);
/* The table sent as bytes to a process forked from this one (the same
 * build: the bytes are the arrays as they are in memory), through put, a
 * piece at a time, and made again from them through get, which fills
 * exactly n bytes or fails (-1): then NULL. */
typedef void (*dom_put)(void *ctx, const void *p, size_t n);
typedef int (*dom_get)(void *ctx, void *p, size_t n);
void dom_pack(const struct dom *d, dom_put put, void *ctx);
struct dom *dom_unpack(dom_get get, void *ctx);

/* The parser lost much of the page's text: a share of it that no page
 * parsed right loses (doc/limits.md gives the measure). */
bool dom_lost(const struct dom *d);
/* What the parser did, in words, appended to out: the loss and where it
 * begins; with verbose, also the counts when nothing was lost and the
 * selects closed. */
void dom_parse_note(const struct dom *d, bool verbose, struct buf *out);

/* A TidyDoc (returned as void *, so this header needs no tidy.h) set up
 * the way pith parses: UTF-8 in, nothing printed, custom elements kept,
 * empty elements kept.  The caller releases it with tidyRelease(). */
const void *dom_tidy_create(void);

/* The deepest element nesting the tag structure of the text implies,
 * as libtidy will build it: end tags that may be omitted are implied,
 * end tags that close nothing are ignored, the tables and lists tidy
 * adds around lone cells and items count.  Linear scan. */
int dom_nesting_depth(const char *s, size_t n);

static inline const char *
dom_tagname(const struct dom *d, int i)
{
	return d->tagnames[d->tag[i]];
}

/* A heading's level by its tag name: 1 for "h1" ... 6 for "h6", 0 for
 * any other name. */
static inline int
dom_heading_tag(const char *t)
{
	return t[0] == 'h' && t[1] >= '1' && t[1] <= '6' && !t[2] ? t[1] - '0' : 0;
}

/* ... and element i's: 0 when it is not a heading. */
static inline int
dom_heading_level(const struct dom *d, int i)
{
	return dom_heading_tag(dom_tagname(d, i));
}

static inline const char *
dom_text(const struct dom *d, int t)
{
	return d->pool + d->texts[t].off;
}

/* Value of attribute name on element i, or NULL. */
const char *dom_attr(const struct dom *d, int i, const char *name);
/* What makes element i a dialog over the page, not a part of it (a
 * consent banner, a sign-up form, a menu drawer), in words: a dialog
 * element not open, a popover (shown only when a button opens it), or
 * the ARIA role of one (dialog, alertdialog) that does not say it is
 * modeless (aria-modal="false"); NULL when it is none.  Its text, like a
 * script's, is never the page's (DOM_SKIP). */
const char *dom_dialog(const struct dom *d, int i);
/* Where element i points (its href, "#...") when it is a permalink
 * (DOM_PERMALINK: a link to a place in the page whose whole text is one
 * of "¶", "§", "#", "🔗", "⚓", "◆", a zero-width space or an icon font's
 * glyph (one code point of the Private Use Area), the mark a
 * documentation page puts after each heading); NULL when it is none.  The mark is never the page's
 * text: it would glue itself to the heading ("Middleware¶"). */
const char *dom_permalink(const struct dom *d, int i);
/* The class of i that marks text for screen readers alone ("sr-only",
 * "visually-hidden", ...; left out of the text as a script is, DOM_SKIP),
 * or NULL. */
const char *dom_screen_reader(const struct dom *d, int i);
/* The k-th of those classes, NULL past the last. */
const char *dom_screen_reader_class(size_t k);
/* Whether i is left out for being text for screen readers alone: it or
 * an ancestor it is left out with has such a class. */
bool dom_for_screen_readers(const struct dom *d, int i);
/* The rendering whose source element i copies, as a forge keeps a
 * comment's Markdown beside the comment (such a copy is left out of the
 * text as a script is, DOM_SKIP): its element sibling before or after it,
 * which has element children, where i is a div or a span without any, of
 * 20 characters or more, and nine tenths of the words of each are the
 * other's; -1 where i is no such copy. */
int dom_source_of(const struct dom *d, int i);
/* Whether element i carries the hidden attribute and means it: not a
 * part the page shows on demand or as it arrives (DOM_PANEL: a tab's
 * panel, an accordion's answer, what a button's aria-controls names; a
 * segment a React server streams, a hidden div "S:N" that its script
 * moves into the template holding its place). */
bool dom_hidden_attr(const struct dom *d, int i);
/* Whether element i is not rendered, by its own markup: the hidden
 * attribute (dom_hidden_attr), or an inline style of display:none or
 * visibility:hidden, not on a DOM_PANEL. */
bool dom_hidden(const struct dom *d, int i);
/* The next token of the space-separated list *s (a class or role value,
 * split at HTML's white space) into tok and n, *s past it; false at the
 * end. */
bool dom_next_token(const char **s, const char **tok, size_t *n);
/* The element before e among its parent's children, -1 for none: O(e's
 * depth), the elements being in document order. */
int dom_prev_sibling(const struct dom *d, int e);
/* The language code block e (a pre) names, into out (size DOM_CODE_LANG):
 * on the pre, its code element, or up to two boxes around it, by class
 * ("language-X", "lang-X", "highlight-X", "highlight-source-X",
 * "brush: X", pandoc's "sourceCode X") or by a data-lang or
 * data-language attribute; letters, digits and "+#._-" only, a
 * highlighter's "none" or "default" no name.  False for none. */
#define DOM_CODE_LANG 32
bool dom_code_lang(const struct dom *d, int e, char *out);
/* Whether an ARIA role attribute's first token (the role a reader takes;
 * the rest are fallbacks) is name, in any case. */
bool dom_role_is(const char *role, const char *name);
/* The page's main landmark: its one main element or element of role
 * main (one inside another counts once; a hidden one, or one in a
 * template, none); -1 where it has none, or several apart, and so does
 * not say which is the page's. */
int dom_main(const struct dom *d);
/* Tag id of a lower-case name, or -1 if the page has no such element. */
int dom_tag_id(const struct dom *d, const char *name);
/* Absolute XPath with positions: /html/body/div[2]/p[1]. */
void dom_xpath(const struct dom *d, int i, struct buf *out);
/* The same for reading, in time bounded by keep: an element inside body
 * more than keep steps deep gets body's path, "/", gap and its keep
 * nearest steps; returns the number of steps left out (0: whole). */
int dom_xpath_tail(const struct dom *d, int i, int keep, const char *gap, struct buf *out);
/* Is a an ancestor of b (or b itself)? */
static inline int
dom_contains(const struct dom *d, int a, int b)
{
	return b >= a && b < d->end[a];
}

/* The index of the element of roots[0..n) (in document order, none
 * inside another) whose subtree holds e, -1 for none. */
int dom_item_of(const struct dom *d, const int *roots, int n, int e);

/* "div#main.article" for element i: the tag, the id and two class tokens,
 * each shortened with "~", then "+N" for more classes. */
struct buf;
void dom_label(const struct dom *d, int i, struct buf *out);

#endif
