/* multipage.h - articles split over several pages: the address a site
 * rule's next_page_link (or single_page_link) gives on a page, and the
 * local file that has that address.
 *
 * pith does not crawl: a next page is followed only when its file is at
 * hand, among the --siblings or beside the page, and known by its
 * address (a NAME.url file beside it, or its canonical link).  Strings
 * returned are malloc'd (NULL for none); nothing is printed. */
#ifndef PITH_MULTIPAGE_H
#define PITH_MULTIPAGE_H

#include "dom.h"
#include "rules/rules.h"
#include "util.h"

/* How many next pages one page's article may run on. */
#define MULTIPAGE_MAX 20

/* The address r's directive ("next_page_link" or "single_page_link")
 * gives on d: the href of the element it selects, or the string it
 * selects, made absolute against url (may be NULL). */
char *multipage_link(const struct rule *r, const char *directive, const struct dom *d,
		     const char *url);

/* The file among candidates, then among the pages in page_path's
 * directory, whose address is url; NULL when none. */
char *multipage_find(const char *url, const struct strv *candidates, const char *page_path);

/* The first line of the file NAME.url beside path, or NULL. */
char *multipage_sidecar(const char *path);
/* A file's address: the first line of NAME.url beside it, else the
 * canonical link in its first 64 KiB; NULL when neither. */
char *multipage_address(const char *path);

#endif
