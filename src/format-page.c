/* format-page.c - the output formats as one table: each format's name, the
 * extension of its files, the commands that take it, the extensions that
 * make the inspector's save write it, and the writer of a page in it as
 * extract prints it (the text, JSON, Markdown or HTML, a WET record). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "charset.h"
#include "format.h"
#include "page.h"
#include "run.h"
#include "warc.h"

/* ---- a page in each format, as extract writes it ---- */

static void
json_field(struct buf *b, const char *key, const char *val, bool comma)
{
	buf_printf(b, "\"%s\":", key);
	if (val)
		buf_add_json(b, val, strlen(val));
	else
		buf_adds(b, "null");
	if (comma)
		buf_addc(b, ',');
}

/* The normalised metadata after the fields every object has: only what
 * the page gives. */
static void
meta_json(struct buf *b, const struct page_meta *m, bool verbose)
{
	struct meta_field f[META_NFIELDS];
	struct meta_list l[META_NLISTS];
	meta_fields(m, f, l);
	for (int i = 0; i < META_NFIELDS; i++) {
		/* the title and the date stand before the text; after it, the
		 * date's source */
		if (!strcmp(f[i].name, "title"))
			continue;
		if (!strcmp(f[i].name, "date")) {
			f[i].name = "date_source";
			f[i].value = m->date ? m->date_from : NULL;
		}
		if (f[i].value) {
			buf_addc(b, ',');
			json_field(b, f[i].name, f[i].value, false);
		}
		/* where the title and the author came from, after the date's */
		if (!strcmp(f[i].name, "date_source")) {
			const char *src[][2] = { { "title_source", m->title ? m->title_from : NULL },
						 { "author_source", m->author ? m->author_from : NULL } };
			for (size_t k = 0; k < 2; k++)
				if (src[k][1]) {
					buf_addc(b, ',');
					json_field(b, src[k][0], src[k][1], false);
				}
			/* -v: what the three beat */
			const char *over[][2] = { { "title_over", m->title ? m->title_over : NULL },
						  { "author_over", m->author ? m->author_over : NULL },
						  { "date_over", m->date ? m->date_over : NULL } };
			for (size_t k = 0; verbose && k < 3; k++)
				if (over[k][1]) {
					buf_addc(b, ',');
					json_field(b, over[k][0], over[k][1], false);
				}
		}
	}
	for (int k = 0; k < META_NLISTS; k++) {
		if (!l[k].n)
			continue;
		buf_printf(b, ",\"%s\":[", l[k].name);
		for (int i = 0; i < l[k].n; i++) {
			if (i)
				buf_addc(b, ',');
			buf_add_json(b, l[k].v[i], strlen(l[k].v[i]));
		}
		buf_addc(b, ']');
	}
}

/* The page's text as a WET conversion record: it refers to the WARC
 * record it came from; a page file without a URL is named by a file: URI. */
static void
wet_record(struct buf *o, const struct page_out *j, const char *url, const char *text,
	   size_t len)
{
	struct buf u;
	buf_init(&u);
	if (!url) {
		const char *name = j->name ? j->name : "-";
		char *abs = strcmp(name, "-") ? realpath(name, NULL) : NULL;
		const char *path = abs ? abs : strcmp(name, "-") ? name : "/dev/stdin";
		buf_adds(&u, "file://");
		for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
			if (*p < 0x80 && (isalnum(*p) || strchr("/-._~", *p)))
				buf_addc(&u, (char)*p);
			else
				buf_printf(&u, "%%%02X", *p);
		}
		free(abs);
		url = u.data;
	}
	/* the record's own ID from where its source stands (its WARC file
	 * and its number there) and what it says: records that share one
	 * Record-ID (it happens) still give one conversion ID each, and a
	 * rerun gives the same */
	struct buf seed;
	buf_init(&seed);
	buf_printf(&seed, "%s\n%ld\n%s", j->record && j->file ? j->file : "", j->record,
		   j->record_id ? j->record_id : url);
	warc_write_conversion(o, url, j->record_id, j->record_date, seed.data, text, len);
	buf_free(&seed);
	buf_free(&u);
}

static void
json_page(struct buf *o, const struct page_out *j, const struct page *pg,
	  const struct run *run, const struct buf *comments)
{
	const struct buf *text = &run->text;
	buf_addc(o, '{');
	json_field(o, "file", j->file, true);
	json_field(o, "url", j->url, true);
	if (j->record_id)
		json_field(o, "warc_record_id", j->record_id, true);
	if (j->record_date)
		json_field(o, "warc_date", j->record_date, true);
	json_field(o, "title", pg->meta.title && *pg->meta.title ? pg->meta.title : NULL, true);
	json_field(o, "date", pg->meta.date, true);
	json_field(o, "keywords", pg->meta.keywords, true);
	json_field(o, "algo", j->algo->name, true);
	if (j->rules) {
		json_field(o, "rule", j->rule ? j->rule->path : NULL, true);
		/* which body: line selected the text (null: none did), and
		 * how many elements and texts its strip: lines removed */
		if (j->rule && run->outcome.body_line)
			buf_printf(o, "\"rule_body_line\":%d,", run->outcome.body_line);
		else
			buf_adds(o, "\"rule_body_line\":null,");
		buf_printf(o, "\"rule_strips\":%d,", j->rule ? run->outcome.nstrip : 0);
		if (j->more_pages)
			buf_printf(o, "\"pages\":%d,", j->more_pages + 1);
		if (j->single)
			json_field(o, "single_page_link", j->single, true);
	}
	json_field(o, "charset", pg->src.charset.name, true);
	json_field(o, "charset_source", charset_source_name(pg->src.charset.source), true);
	if (j->asked->json)
		j->asked->json(run, o);
	buf_printf(o, "\"chars\":%zu,\"ms\":%.1f,",
		   utf8_count_chars(text->data ? text->data : "", text->len), j->ms);
	buf_adds(o, "\"text\":");
	buf_add_json(o, text->data ? text->data : "", text->len);
	meta_json(o, &pg->meta, j->verbose);
	if (comments->len) {
		buf_adds(o, ",\"comments\":");
		buf_add_json(o, comments->data, comments->len);
	}
	buf_adds(o, "}\n");
}

/* --format markdown and html: the kept structure (format.c). */
static void
structured_page(struct buf *o, const struct page_out *j, const struct page *pg,
		const struct run *run, const struct buf *comments)
{
	struct format_opts fo = { .links = j->links, .images = j->images,
				  .url = j->page_url ? j->page_url : pg->meta.canonical,
				  .title = j->title };
	format_page(pg, run, &pg->meta, j->format, j->front_matter, &fo, comments->data,
		    comments->len, o);
}

static void
wet_page(struct buf *o, const struct page_out *j, const struct page *pg,
	 const struct run *run, const struct buf *comments)
{
	(void)pg, (void)comments;
	wet_record(o, j, j->url, run->text.data ? run->text.data : "", run->text.len);
}

static void
text_page(struct buf *o, const struct page_out *j, const struct page *pg,
	  const struct run *run, const struct buf *comments)
{
	(void)j, (void)pg, (void)comments;
	buf_add(o, run->text.data ? run->text.data : "", run->text.len);
}

/* ---- the table ---- */

static const struct format_entry formats[] = {
	{ "text", FORMAT_TEXT, "txt", "extract", "", NULL, text_page },
	{ "tsv", FORMAT_TSV, "tsv", "dump histogram", NULL, NULL, NULL },
	{ "json", FORMAT_JSON, "json", "extract dump", NULL, NULL, json_page },
	{ "markdown", FORMAT_MARKDOWN, "md", "extract", ".md .markdown", "Markdown",
	  structured_page },
	{ "html", FORMAT_HTML, "html", "extract", ".html .htm", "HTML", structured_page },
	{ "wet", FORMAT_WET, "warc", "extract", NULL, NULL, wet_page },
	{ "svg", FORMAT_SVG, "svg", "histogram", NULL, NULL, NULL },
};
#define NFORMATS (sizeof formats / sizeof formats[0])

/* Whether the space-separated LIST holds WORD (N bytes) */
static bool
word_in(const char *list, const char *word, size_t n)
{
	for (const char *s = list; *s;) {
		size_t k = strcspn(s, " ");
		if (k == n && !strncasecmp(s, word, n))
			return true;
		s += k;
		s += strspn(s, " ");
	}
	return false;
}

/* Whether command takes format k */
static bool
takes(const char *command, size_t k)
{
	return word_in(formats[k].commands, command, strlen(command));
}

const struct format_entry *
format_find(const char *command, const char *name)
{
	for (size_t k = 0; k < NFORMATS; k++)
		if (!strcmp(formats[k].name, name) && takes(command, k))
			return &formats[k];
	return NULL;
}

const char *
format_list(const char *command, char *out, size_t len)
{
	size_t n = 0, total = 0;
	for (size_t k = 0; k < NFORMATS; k++)
		total += takes(command, k);
	out[0] = '\0';
	for (size_t k = 0, at = 0; k < NFORMATS && at < len; k++) {
		if (!takes(command, k))
			continue;
		n++;
		int w = snprintf(out + at, len - at, "%s%s", n == 1 ? "" : n == total ? " or " : ", ",
				 formats[k].name);
		if (w < 0)
			break;
		at += (size_t)w;
	}
	return out;
}

const struct format_entry *
format_entry(enum format f)
{
	for (size_t k = 0; k < NFORMATS; k++)
		if (formats[k].format == f)
			return &formats[k];
	return &formats[0];
}

enum format
format_of_path(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *dot = strrchr(base ? base + 1 : path, '.');
	if (dot)
		for (size_t k = 0; k < NFORMATS; k++)
			if (formats[k].save_exts && word_in(formats[k].save_exts, dot, strlen(dot)))
				return formats[k].format;
	return FORMAT_TEXT;
}

void
format_write(struct buf *o, const struct page_out *j, const struct page *pg,
	     const struct run *run, const struct buf *comments)
{
	const struct format_entry *fe = format_entry(j->format);
	(fe->page ? fe->page : text_page)(o, j, pg, run, comments);
}
