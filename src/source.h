/* source.h - the page's bytes as an HTML tokenizer reads them: the text
 * they hold (to see what the parser lost) and the end tags HTML5's
 * parsers imply that libtidy does not (to repair before parsing). */
#ifndef PITH_SOURCE_H
#define PITH_SOURCE_H

#include <stddef.h>

struct source_scan {
	long text;          /* non-space characters of text outside tags,
			       comments and script, style, noscript,
			       template and title elements; an entity counts
			       one */
	size_t *close_at;   /* offsets before which a "</select>" goes */
	int nclose;
	size_t *cdata_at;   /* offsets of "<![CDATA[" in HTML's content */
	int ncdata;
	size_t *pre_at;     /* offsets of the names of the div and style
			       tags inside a pre, and of the style tags
			       after the body's start tag */
	int npre;
	size_t *meta_at;    /* offsets of the names of the meta and link
			       start tags after the body's */
	int nmeta;
	size_t *pi_at;      /* offsets of the targets "php" and "xml" of
			       processing instructions */
	int npi;
	int ndoctype;       /* (beside npi: no padding between them) */
	size_t *doctype_at; /* offsets of the '!' of each "<!D" (a doctype,
			       whole or cut short) outside a tag that is
			       not the page's one before its first tag, and
			       of the '<' of each "<!D" inside a tag */
	size_t *heading_at; /* offsets of the names of the start and end
			       tags of the headings that hold a block */
	int nheading;
	char *inline_custom; /* the custom elements' names to tell libtidy
				are inline, space-separated, or NULL */
	size_t *blank_at;   /* the texts of the scripts and styles pith
			       never reads, [blank_at[k], blank_end[k]) */
	size_t *blank_end;
	int nblank;
	size_t stop_at;     /* with stop >= 0: the offset of the character
			       that took text past stop, else n */
};

/* The characters of s[0..n) source_scan counts in text: bytes that start
 * a UTF-8 character and are not white space (the tree's text is counted
 * with it, so that the two counts compare). */
long source_chars(const char *s, size_t n);

/* One pass over s[0..n).  An open select is closed, as in HTML5's "in
 * select" and "in select in table" insertion modes, before a select,
 * input, keygen or textarea start tag and, when a table was open where
 * the select began, before a cell's, row's, row group's, caption's or
 * table's start or end tag.  The div and style tags inside a pre are
 * noted (code highlighters write a line a div, and CSS-in-JS puts its
 * style elements anywhere): libtidy moves them out of the pre, splitting
 * the code and its pre; HTML keeps them in.  Only those of a pre that its
 * own end tag ends with its divs closed: an unmatched div end tag, the
 * end tag of an element that holds a pre (a li's, an article's) or the
 * page's end leave it as it was; and only a style that ends and holds no
 * '<' (libtidy reads a renamed one's text as markup).  So is such a
 * style anywhere after the body's start tag: libtidy ends the paragraph
 * or heading that holds one and drops the white space around it ("Pour
 * the<style>...</style> Solo Stove" read "Pour theSolo Stove"); HTML
 * shows neither.  The text of each
 * script and style that ends, does not end its start tag with "/>", is
 * not in a pre nor renamed (a style: a renamed one's blank text would
 * move out of the inline element, a space in its paragraph) and is not
 * JSON-LD (a script whose type holds
 * "ld+json" or a character reference) is noted in blank_at: libtidy
 * reads it a character at a time, and pith keeps nothing of it.  A
 * script ends where HTML's script data states end it: at the first
 * "</script" outside a "<!--" that a "<script" followed (libtidy, which
 * looks for tags in a script's text, would end some elsewhere).  The
 * meta and link start tags after the body's start tag are noted in
 * meta_at: HTML leaves them where they stand (microdata's
 * <meta itemprop>, in a byline, a heading, a price), libtidy takes them
 * for the head's and ends the paragraph, heading, pre or inline element
 * that holds them, its text going on outside it.  The names of the
 * custom elements (a '-' in the name) that stand in a paragraph, a
 * heading, a pre or a dt and never hold a block element's start tag are
 * listed in inline_custom: libtidy, told that custom elements are
 * block-level (so that it keeps a div inside one), ends the paragraph at
 * such an element, which HTML leaves inline ("A <hl-trusted-source><a>
 * large study</a></hl-trusted-source> from 2017"; at most
 * SOURCE_CUSTOM_MAX names).  The targets "php" and "xml" of the
 * processing instructions are noted in pi_at: HTML ends every "<?" at the
 * next '>', as a comment; libtidy reads a "<?php" to "?>" and a "<?xml"'s
 * attributes, quotes and all, and one whose quote no quote ends swallows
 * the rest of the page.  Each "<!D" that is not a "<!DOCTYPE" before
 * the page's first tag is noted in doctype_at: HTML ignores a doctype
 * anywhere else, and reads "<!D..." that is no doctype as a comment, and
 * a '<' inside a tag as a character of an attribute's name; libtidy
 * takes any "<!D" for a doctype, inside a tag too (where a '<' starts a
 * tag for it), and recurses without end on one after a start tag that a
 * "<" cut short ("<button <div <!D l><head>").  With
 * stop >= 0
 * the scan ends at the first character past stop (stop_at). */
void source_scan(const char *s, size_t n, long stop, struct source_scan *out);
void source_scan_free(struct source_scan *sc);

/* s with "</select>" inserted before each offset of sc (ascending),
 * each "<![CDATA[" of sc made "<?CDATA[[", each div or style of sc's
 * pre_at named SOURCE_PRE_DIV or SOURCE_PRE_STYLE and each meta or link
 * of its meta_at SOURCE_BODY_META or SOURCE_BODY_LINK, or their _SPACED
 * names, each target of its pi_at "_hp" or "_ml", and each "<!D" of its
 * doctype_at "<?D" outside a tag (a processing instruction, which the
 * next '>' ends) and " !D" inside one (an attribute's name, as in HTML)
 * (as long: no offset moves), in a new
 * NUL-terminated buffer of *len bytes.  Outside svg and math, HTML
 * reads "<![CDATA[" as a comment that the next '>' ends; libtidy reads a
 * CDATA section to "]]>", and one that a page leaves open swallows the
 * page.  It ends a processing instruction at the next '>', as HTML does
 * the comment. */
char *source_repair(const char *s, size_t n, const struct source_scan *sc, size_t *len);

#define SOURCE_CUSTOM_MAX 64

/* The names a div and a style inside a pre (and a style in the body)
 * have for libtidy, which is told they are inline elements, and which
 * the tree names div and style again. */
#define SOURCE_PRE_DIV "d_v"
#define SOURCE_PRE_STYLE "s_yle"
/* The names a meta and a link after the body's start tag have for
 * libtidy, which is told they are empty inline elements, and which the
 * tree names meta and link again.  libtidy drops the white space around
 * such an element: the _SPACED names are those of one that white space
 * stands before or after in the page, whose next text the tree sets
 * apart (TEXT_SPACED), "voted <meta ...>to" two words. */
/* The first letter a heading that holds a block has for libtidy, which
 * is told it is block-level ("z1" to "z6"), and which the tree names h1
 * to h6 again. */
#define SOURCE_HEADING_BLOCK 'z'
#define SOURCE_HEADING_BLOCK_TAGS "z1 z2 z3 z4 z5 z6"
#define SOURCE_BODY_META "m_ta"
#define SOURCE_BODY_LINK "l_nk"
#define SOURCE_BODY_META_SPACED "m-ta"
#define SOURCE_BODY_LINK_SPACED "l-nk"

/* Where source_blank took text out: at the end of the k-th range taken
 * out of a line, libtidy's column in the blanked text is at[k].col on
 * line at[k].line, and from there on that line it is at[k].shift less
 * than in the text before (a multiple of 8, so that tabs after it line up alike).
 * Lines are the same in both. */
struct source_cols {
	int n;
	struct source_shift {
		int line, col, shift;
	} *at;
};

/* s[0..n) (the page, or source_repair's text of it: sc's offsets are
 * moved past the "</select>"s put in) with the text of each of sc's
 * blank ranges made an LF for each line it ends (as libtidy counts them)
 * and the spaces that keep its end's column the same modulo 8, in a new
 * NUL-terminated buffer of *len bytes; the columns that moved in *cols. */
char *source_blank(const char *s, size_t n, const struct source_scan *sc, size_t *len,
		   struct source_cols *cols);
/* libtidy's column in the text before source_blank of the place it
 * names (line, col) in the blanked text. */
int source_col(const struct source_cols *c, int line, int col);
void source_cols_free(struct source_cols *c);

/* The 1-based line and column (bytes) of offset at in s. */
void source_line_col(const char *s, size_t n, size_t at, int *line, int *col);

/* The byte offset in s of libtidy's position (line, column): lines end
 * at '\n'; a column counts characters, a tab going on to the next
 * multiple of 8, plus 1; the "</select>" put in before each of the
 * nins offsets ins (ascending) counted as libtidy read them.  n when the
 * line is past the end. */
size_t source_offset(const char *s, size_t n, int line, int col, const size_t *ins, int nins);
/* The same, going on from where the last call with p ended when (line,
 * col) is not before it, so that places asked in document order cost one
 * pass over the page in all.  p starts zeroed. */
struct source_pos {
	size_t i;
	int line, c, k;
	long walked;    /* bytes the calls stepped over, for test_count */
};
size_t source_offset_at(struct source_pos *p, const char *s, size_t n, int line, int col,
			const size_t *ins, int nins);

/* The offsets (as source_offset) of the count places (line[k], col[k])
 * into off[k], in one pass over s whatever their order: the places are
 * taken sorted.  Returns the bytes the pass stepped over. */
long source_offsets(const char *s, size_t n, const int *line, const int *col, int count,
		    const size_t *ins, int nins, size_t *off);

/* Where the element whose start tag begins at start ends: past the last
 * "</tag" before next (where what follows the element in the tree
 * begins), or, with no end tag there, past its start tag. */
size_t source_element_end(const char *s, size_t n, size_t start, size_t next, const char *tag);

#endif
