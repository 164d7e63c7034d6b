/* meta.h - a page's metadata: title, author, dates, site, language and
 * the rest, each from where the page gives it (meta.c, which reads the
 * sources with meta-jsonld.c, meta-date.c and meta-author.c).
 *
 * struct page_meta owns its strings (extract_meta_free); nothing is
 * printed, and a field the page does not give is NULL. */
#ifndef PITH_META_H
#define PITH_META_H

#include <stdbool.h>
#include <stddef.h>

#include "dom.h"

/* The page's metadata, each field NULL when the page does not give it
 * (never invented).  Dates are ISO 8601: the day, with the time and the
 * offset when the source has them.  *_from says where a field came from:
 * "json-ld", "meta", "og:title", "title", "h1", "time", "url", "text",
 * "rel=author", "byline", "author link", "html", "script"; the others
 * name the tag or key ("og:site_name", "article:section", "link
 * rel=canonical"). */
struct page_meta {
	char *title;
	char *date;          /* published */
	char *keywords;
	char *description;
	char *site;          /* og:site_name, JSON-LD publisher, application-name */
	char *canonical;     /* link rel=canonical or og:url */
	char *author;        /* several joined with "; " */
	char *modified;
	char *language;      /* as the page declares it, or ja zh ko el th ru uk by script */
	char *image;
	char **categories, **tags;
	int ncategories, ntags;
	const char *title_from;
	const char *date_from;
	const char *author_from;
	const char *language_from;
	/* What the title, the author and the date beat: the other sources'
	 * values that differ, as 'from "value"' joined with "; " (at most
	 * four), or NULL when none differed. */
	char *title_over, *author_over, *date_over;
	/* the meta tag or JSON-LD key of each of the others */
	const char *modified_from, *site_from, *description_from, *image_from,
		   *canonical_from, *categories_from, *tags_from;
};

/* The metadata as the outputs write it (JSON, front matter), one table:
 * the fields' names and values in their order (title author date
 * modified sitename description language image canonical; a value may be
 * NULL), then the two lists (categories, tags). */
enum { META_NFIELDS = 9, META_NLISTS = 2 };
struct meta_field {
	const char *name;
	const char *value;
};
struct meta_list {
	const char *name;
	char *const *v;
	int n;
};
void meta_fields(const struct page_meta *m, struct meta_field f[META_NFIELDS],
		 struct meta_list l[META_NLISTS]);

/* url: the page's address (a date in its path), or NULL for the page's
 * canonical. */
void extract_meta_url(const struct dom *d, const char *url, struct page_meta *meta);
/* The same for a page captured at captured (a WARC-Date, or NULL): no
 * date of the page is later than its capture or today, nor before 1990. */
void extract_meta_at(const struct dom *d, const char *url, const char *captured,
		     struct page_meta *meta);
void extract_meta(const struct dom *d, struct page_meta *meta);
/* Does the page name its date, as extract_meta finds it with no address
 * (the canonical's path not read either) and no capture (today bounds
 * it)?  The same page gives the same answer in every run and format. */
bool extract_dated(const struct dom *d);
/* The canonical address alone (link rel=canonical, else og:url), for
 * runs that print no metadata; NULL if none. */
char *extract_canonical(const struct dom *d);
void extract_meta_free(struct page_meta *meta);

/* A date value ("2019-11-19 02:24:00 UTC", "Wed, 04 May 2022 02:41:00
 * GMT") as ISO 8601, or NULL. */
char *extract_date_iso(const char *s);
/* The first date written in s[0..n) (numeric, or with a month name in
 * English, German, French, Spanish, Russian or Greek, or 2024年3月14日), as
 * YYYY-MM-DD in out.  lang (or NULL): "en" and "en-US" read 03/14/2024
 * month first, every other language (en-GB too) the day first. */
bool extract_date_text(const char *s, size_t n, const char *lang, char out[11]);

#endif
