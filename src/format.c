/* format.c - the kept part of a page as Markdown or as clean HTML. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "format.h"
#include "format-int.h"
#include "page.h"
#include "run.h"

/* ---- the walk both formats share ---- */

static int
block_of(const struct dom *d, int e)
{
	while (e >= 0 && (d->flags[e] & DOM_PHRASING))
		e = d->parent[e];
	return e;
}

void
fmt_init(struct fmt *f, const struct dom *d, const uint8_t *content, const uint8_t *mask,
	 const struct format_opts *o, struct buf *out)
{
	memset(f, 0, sizeof *f);
	f->d = d;
	f->content = content;
	f->mask = mask;
	f->o = o;
	f->out = out;
	buf_init(&f->para);
	f->kept = xcalloc((size_t)d->n + 1, sizeof *f->kept);
	f->img_kept = xcalloc((size_t)d->n + 1, 1);
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & TEXT_BREAK || !text_kept(f, t))
			continue;
		bool visible = false;
		FOR_EACH_CHAR(dom_text(d, t), x->len, cp, { (void)cp; visible = true; break; });
		f->kept[x->elem] += visible;
	}
	for (int e = 0; e < d->n; e++) {
		if (!o->images || !tag_is(d, e, "img") || d->flags[e] & DOM_SKIP)
			continue;
		const char *src = dom_attr(d, e, "src");
		int b = block_of(d, e);
		bool keep = mask && mask[e] ? mask[e] == 1 : b >= 0 && content[b];
		if (src && *src && keep) {
			f->img_kept[e] = 1;
			f->kept[e]++;
		}
	}
	for (int e = d->n - 1; e > 0; e--)
		if (d->parent[e] >= 0)
			f->kept[d->parent[e]] += f->kept[e];
	/* <base href>, itself relative to the page's address */
	const char *page = o->url;
	for (int e = 0; e < d->n; e++)
		if (tag_is(d, e, "base") && dom_attr(d, e, "href")) {
			f->base = format_url_resolve(page, dom_attr(d, e, "href"));
			if (!url_scheme_len(f->base)) {
				free(f->base);
				f->base = NULL;
			}
			break;
		}
	if (!f->base && page && url_scheme_len(page))
		f->base = xstrdup(page);
}

void
fmt_free(struct fmt *f)
{
	free(f->kept);
	free(f->img_kept);
	free(f->base);
	buf_free(&f->para);
}

/* The URL of attribute name on e, absolute, or NULL when it is not one a
 * reader may follow (javascript:, data:, vbscript:, ...). */
char *
fmt_safe_url(const struct fmt *f, int e, const char *name, bool image)
{
	const char *v = dom_attr(f->d, e, name);
	if (!v || !*v)
		return NULL;
	/* browsers ignore tabs and newlines inside URLs: so must the check */
	struct buf c;
	buf_init(&c);
	for (const char *p = v; *p; p++)
		if ((unsigned char)*p > 0x20 || *p == ' ')
			buf_addc(&c, *p);
	if (!c.len) {
		buf_free(&c);
		return NULL;
	}
	char *u = format_url_resolve(f->base, c.data);
	buf_free(&c);
	size_t sl = url_scheme_len(u);
	bool ok = !sl ||
		  (sl == 4 && !strncasecmp(u, "http", 4)) ||
		  (sl == 5 && !strncasecmp(u, "https", 5)) ||
		  (!image && sl == 6 && !strncasecmp(u, "mailto", 6)) ||
		  (!image && sl == 3 && !strncasecmp(u, "ftp", 3));
	if (!ok) {
		free(u);
		return NULL;
	}
	return u;
}

/* ---- front matter ---- */

void
format_front_matter(const struct page_meta *m, struct buf *out)
{
	struct meta_field f[META_NFIELDS];
	struct meta_list l[META_NLISTS];
	meta_fields(m, f, l);
	buf_adds(out, "---\n");
	for (int i = 0; i < META_NFIELDS; i++) {
		if (!f[i].value || !*f[i].value)
			continue;
		buf_printf(out, "%s: ", f[i].name);
		/* a JSON string is a YAML double-quoted scalar */
		buf_add_json(out, f[i].value, strlen(f[i].value));
		buf_addc(out, '\n');
	}
	for (int k = 0; k < META_NLISTS; k++) {
		if (!l[k].n)
			continue;
		buf_printf(out, "%s: [", l[k].name);
		for (int i = 0; i < l[k].n; i++) {
			if (i)
				buf_adds(out, ", ");
			buf_add_json(out, l[k].v[i], strlen(l[k].v[i]));
		}
		buf_adds(out, "]\n");
	}
	buf_adds(out, "---\n\n");
}

/* "# TITLE" and a blank line: white space collapsed, Markdown's inline
 * marks escaped as in the body's text (md_escaped), so that a body that
 * begins with the very heading is seen to. */
static void
md_title(const char *t, struct buf *out)
{
	buf_adds(out, "# ");
	bool space = false;
	const char *end = t + strlen(t);
	for (const char *c = t; *c; c++) {
		if (isspace((unsigned char)*c)) {
			space = out->len > 2;
			continue;
		}
		if (space)
			buf_addc(out, ' ');
		bool word_before = !space && out->len > 2 &&
				   isalnum((unsigned char)out->data[out->len - 1]);
		space = false;
		md_escaped(out, c, 1, word_before, c + 1, (size_t)(end - c - 1), false);
	}
	buf_adds(out, "\n\n");
}

void
format_page(const struct page *pg, const struct run *run, const struct page_meta *meta,
	    enum format fmt, bool front_matter, const struct format_opts *o,
	    const char *comments, size_t comments_len, struct buf *out)
{
	bool markdown = fmt == FORMAT_MARKDOWN;
	if (markdown && front_matter)
		format_front_matter(meta, out);
	size_t body = out->len;
	struct buf head;
	buf_init(&head);
	if (markdown && o->title && meta->title && *meta->title)
		md_title(meta->title, &head);
	if (run->by_lines || !pg->dom) {
		const char *t = run->text.data ? run->text.data : "";
		if (markdown)
			format_lines_markdown(t, run->text.len, out);
		else
			format_lines_html(t, run->text.len, out);
	} else if (markdown) {
		format_markdown(pg->dom, run->dc.content, run->masked ? run->mask : NULL, o, out);
	} else {
		format_html(pg->dom, run->dc.content, run->masked ? run->mask : NULL, o, out);
	}
	/* the heading before the body, unless the body has it already */
	if (head.len && !(out->len - body >= head.len &&
			  !memcmp(out->data + body, head.data, head.len))) {
		buf_reserve(out, head.len);
		memmove(out->data + body + head.len, out->data + body, out->len - body + 1);
		memcpy(out->data + body, head.data, head.len);
		out->len += head.len;
	}
	buf_free(&head);
	if (comments_len && markdown) {
		buf_adds(out, "\n## Comments\n\n");
		format_lines_markdown(comments, comments_len, out);
	} else if (comments_len) {
		buf_adds(out, "<section>\n<h2>Comments</h2>\n");
		format_lines_html(comments, comments_len, out);
		buf_adds(out, "</section>\n");
	}
}
