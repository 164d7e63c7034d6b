/* format.h - the kept part of a page as Markdown or as clean HTML.
 *
 * Both walk the element tree and emit exactly the text nodes the
 * decision keeps (the test extract_text_mask() makes: mask[elem] when
 * set, else content[block]), with the structure around them: headings,
 * paragraphs, lists, quotes, pre/code, tables, links and images.  Nothing
 * the method dropped appears; elements holding no kept text are left out
 * whole.  The HTML keeps a short list of elements and attributes (no
 * scripts, styles, event handlers or javascript: URLs) and makes URLs
 * absolute against the page's <base> or address.  Output is appended to a
 * caller-owned buffer.
 *
 * The table of output formats is here too (format-page.c): each one's
 * name, extension and the commands that take it. */
#ifndef PITH_FORMAT_H
#define PITH_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "dom.h"
#include "extract.h"
#include "meta.h"
#include "url.h"        /* format_url_resolve, declared here before */
#include "util.h"

/* The output formats; their table (below, format-page.c) says which
 * command takes which, and their names and extensions.  format_page
 * writes FORMAT_MARKDOWN and FORMAT_HTML. */
enum format { FORMAT_TEXT, FORMAT_TSV, FORMAT_JSON, FORMAT_MARKDOWN, FORMAT_HTML, FORMAT_WET,
	      FORMAT_SVG, FORMAT_COUNT };

struct format_opts {
	bool links;             /* Markdown: [text](url) (HTML always keeps links) */
	bool images;            /* ![alt](src) / <img> of kept blocks */
	const char *url;        /* the page's address, for relative URLs; or NULL */
	bool title;             /* Markdown: the page's title first, as "# title" */
};

void format_markdown(const struct dom *d, const uint8_t *content, const uint8_t *mask,
		     const struct format_opts *o, struct buf *out);
void format_html(const struct dom *d, const uint8_t *content, const uint8_t *mask,
		 const struct format_opts *o, struct buf *out);

/* A YAML front matter block ("---" lines) of the metadata fields the page
 * gives, values as double-quoted strings. */
void format_front_matter(const struct page_meta *m, struct buf *out);

/* Plain lines (a method with a text of its own) as Markdown paragraphs or
 * HTML <p> elements. */
void format_lines_markdown(const char *text, size_t len, struct buf *out);
void format_lines_html(const char *text, size_t len, struct buf *out);

/* A whole page as extract --format markdown|html writes it, shared by
 * extract and the inspector's s so the two are the same bytes: meta as a
 * front matter block (Markdown, front_matter), the title as a level-one
 * heading (Markdown, o->title, unless the kept text begins with that very
 * heading), the run's kept structure
 * (plain paragraphs when the method decided lines, not elements, or the
 * page has no tree), then the comments text, when not empty, as a section
 * of its own. */
struct page;
struct run;
void format_page(const struct page *pg, const struct run *run, const struct page_meta *meta,
		 enum format fmt, bool front_matter, const struct format_opts *o,
		 const char *comments, size_t comments_len, struct buf *out);

/* ---- the table of formats (format-page.c) ---- */

/* What extract writes of a page beside the page and its run: where it
 * came from, how it was decided and the format's options. */
struct method;
struct rule;
struct page_out {
	enum format format;
	const char *name;       /* the input as named ("-": standard input) */
	const char *file;       /* the file read (a record's WARC file) */
	const char *url;        /* the page's address, or NULL */
	const char *record_id;  /* its WARC record's WARC-Record-ID, or NULL */
	const char *record_date;  /* and its WARC-Date, or NULL */
	long record;            /* and its number in its WARC file, or 0 */
	const char *page_url;   /* the address relative URLs resolve against */
	const struct method *algo;      /* the method that ran */
	const struct method *asked;     /* --algo's: its JSON fields are every page's */
	bool rules;             /* --rules given: the rule's fields are written */
	const struct rule *rule;        /* the site rule applied, or NULL */
	int more_pages;         /* pages of the article followed */
	const char *single;     /* its one-page version's address, or NULL */
	double ms;
	bool links, images, title, front_matter;        /* Markdown's, as format_opts */
	bool verbose;           /* -v: JSON says what the metadata's sources beat */
};

/* The output formats, one entry each: the name --format takes, the
 * extension of extract -o's files, the commands that take it, the
 * extensions that make the inspector's save write it and extract's
 * writer of a page in it. */
struct format_entry {
	const char *name;
	enum format format;
	const char *ext;
	const char *commands;   /* space-separated */
	const char *save_exts;  /* space-separated, NULL: not a save format */
	const char *title;      /* the inspector's "saved ... as TITLE", or NULL */
	/* appends the page to o; NULL: extract does not write the format */
	void (*page)(struct buf *o, const struct page_out *j, const struct page *pg,
		     const struct run *run, const struct buf *comments);
};

/* The entry of format NAME if COMMAND takes it, else NULL. */
const struct format_entry *format_find(const char *command, const char *name);
/* "A, B or C": the formats COMMAND takes; "" when none. */
const char *format_list(const char *command, char *out, size_t len);
const struct format_entry *format_entry(enum format f);
/* The format the inspector saves PATH in, by its extension (any case):
 * plain text when no entry claims it. */
enum format format_of_path(const char *path);
/* The page in j->format appended to o by its entry's writer (plain text
 * when it has none); comments is the reader comments' text, maybe empty. */
void format_write(struct buf *o, const struct page_out *j, const struct page *pg,
		  const struct run *run, const struct buf *comments);

#endif
