/* meta-int.h - the helpers meta.c and meta-*.c share (meta-util.c),
 * which call none of them back; not for the rest of pith. */
#ifndef PITH_META_INT_H
#define PITH_META_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dom.h"
#include "util.h"

struct idents {
	const char *v[4];       /* class, id, itemprop, rel; NULL when absent */
};
/* Words of class, id, itemprop and rel names (meta.c's id_words), as
 * bits: */
enum { IW_COMMENT = 1, IW_FOOTER = 2, IW_SIDEBAR = 4, IW_TEASER = 8 };
enum { IW_DATE = 4, IW_DATE_END = 16 };
/* an author's element: "byline" or a word for author */
enum { IW_AUTHOR = 1u << 13 | 1u << 16 | 1u << 17 | 1u << 18 };

/* Per element, computed once a page so that no search walks up the tree
 * (pages nest thousands deep): in a comment section, in the page's chrome
 * (navigation, header, footer, asides, links, sidebars, teasers), in a
 * teaser (another story's card, as a rule); and the id_words its names
 * hold. */
enum { MARK_COMMENTS = 1, MARK_CHROME = 2, MARK_TEASER = 4 };

struct marks {
	uint8_t *flags;
	uint32_t *words;        /* id_words in class, id, itemprop or rel */
};

/* meta-util.c */
/* Does attribute name of element i hold word (a substring, any case)? */
bool attr_has(const struct dom *d, int i, const char *name, const char *word);
/* s[0..n) with white space collapsed, newly allocated. */
char *collapsed_dup(const char *s, size_t n);
/* Text of element e's subtree, collapsed (title, h1); the texts of two
 * blocks apart by a space. */
char *element_text(const struct dom *d, int e);
/* The same with sep between two blocks' texts (" | ": a byline's name
 * and the role in the block under it stay apart). */
char *element_lines(const struct dom *d, int e, const char *sep);
/* A headline's text: element_text without its time elements' (a date
 * set in the h1 beside the words) and its buttons' ("Copy item path"). */
char *headline_text(const struct dom *d, int e);
/* Element i's class, id, itemprop and rel values. */
void idents_of(const struct dom *d, int i, struct idents *nm);
/* Is e inside a comment section (its own class does not count)? */
bool in_comments(const struct dom *d, const uint8_t *marks, int e);
/* The character references in s (&amp;, &#38;, &#x26;) decoded in
 * place: for values a page escaped twice (JSON-LD written from HTML,
 * "Maria &amp; Katerina"). */
void refs_decode(char *s);
/* s collapsed, or NULL when that leaves nothing. */
char *nonempty_dup(const char *s, size_t n);
/* Is the title part p[0..n) the site's name (og:site_name or a label of
 * the host)? */
bool names_site(const char *p, size_t n, const char *site, const char *host);
/* Is the letter run at s the word w (folded)? Sets *len to its bytes. */
bool word_is(const char *s, size_t n, const char *w, size_t wl, size_t *len);
/* Lower-case one UTF-8 character at s into out (ASCII, Latin-1,
 * Cyrillic, Greek; any other as it is); returns its length, 0 where the n
 * bytes end inside it. */
size_t fold_char(const unsigned char *s, size_t n, unsigned char out[4]);
/* Letters and digits of s, folded, for comparing names ("Investment
 * Watch" with investmentwatchblog.com). */
void squeeze(const char *s, size_t n, struct buf *out);

#endif
