/* meta-author.h - who wrote the page, for meta.c: bylines, labels and
 * what the meta tags give, cleaned into a name.  The names returned are
 * newly allocated, or NULL when there is none. */
#ifndef PITH_META_AUTHOR_H
#define PITH_META_AUTHOR_H

#include <stdbool.h>
#include <stdint.h>

#include "dom.h"
#include "meta-int.h"

/* "By Jane Doe", "Von Jane Doe", "Autor: Jane Doe" -> "Jane Doe"; NULL
 * when what is left does not look like a name. */
char *clean_author(char *a);
/* The same for a field that holds a name alone (microdata's name in
 * its author): a login's digits ("Ejp55230") are kept. */
char *clean_name(char *a);
/* The first byline element: rel=author, itemprop=author, or a class or id
 * naming the author or the byline.  When its whole text is no name ("By
 * Jane Doe Thursday, November 9, 2023 7:35AM"), its first link when that
 * reads as a name: a byline links its author's page. */
char *author_from_page(const struct dom *d, const struct marks *mk, const char **from);
/* A byline in a short block around the headline: the pattern of pages
 * that mark nothing up. */
char *author_from_byline(const struct dom *d, const uint8_t *marks, int h1, const char *lang);
/* Anywhere outside the page's chrome and comments: a label standing
 * alone and, in the block after it, what reads as a person's name; on a
 * dated page, also in the element right after the label's own. */
char *author_after_label(const struct dom *d, const uint8_t *marks, bool dated);
/* A thread's starter where the forum labels it: "Thread starter" or
 * "Topic author" and the member's name in the text after it, "Started
 * by Jane, June 4, 2024". */
char *author_thread_starter(const struct dom *d);
/* The name in a link to the author's page ("/author/jane-doe") whose
 * text or aria-label is that name ("Jane Doe"). */
char *author_from_link(const struct dom *d, const uint8_t *marks);
/* Does the byline's a name the head's b and more: b's co-authors
 * ("Rudolf Fischer, Simon Kohler" for "Rudolf Fischer"), or the family
 * name an account's one word left out ("Todd Bates" for "Todd")? */
bool author_extends(const char *a, const char *b);
/* An author that is the site's name, a domain or a login name
 * ("christian.stadtfeld", "wordpressadmin"). */
bool weak_author(const char *a, const char *site, const char *host);
/* A login name ("christian.stadtfeld", "wordpressadmin"). */
bool login_like(const char *a);

#endif
