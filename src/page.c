/* page.c - a page's stages, run in order, kept for re-use. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "page.h"

void
page_opts_default(struct page_opts *o)
{
	load_opts_default(&o->load);
	dom_opts_default(&o->dom);
	o->canonical_only = false;
}

/* What follows the parse: the figures, the metadata. */
static void
figures(struct page *pg, const struct page_opts *o)
{
	pg->m = metrics_compute(pg->dom);
	if (o->canonical_only)
		pg->meta.canonical = extract_canonical(pg->dom);
	else
		extract_meta(pg->dom, &pg->meta);
}

static int
finish(struct page *pg, const struct page_opts *o, bool want_dom,
       char *err, size_t errlen)
{
	if (!want_dom)
		return 0;
	if (dom_parse(pg->src.text, pg->src.len, &o->dom, &pg->dom, err, errlen) < 0)
		return -1;
	figures(pg, o);
	return 0;
}

void
page_pack(const struct page *pg, dom_put put, void *ctx)
{
	/* the charset's name points into the program's own table, the same
	 * in a forked process */
	struct load_result r = pg->src;
	r.text = NULL;
	put(ctx, &r, sizeof r);
	put(ctx, pg->src.text, pg->src.len);
	uint8_t has = pg->dom != NULL;
	put(ctx, &has, 1);
	if (pg->dom)
		dom_pack(pg->dom, put, ctx);
}

int
page_unpack(struct page *pg, const char *name, dom_get get, void *ctx,
	    const struct page_opts *o)
{
	memset(pg, 0, sizeof *pg);
	pg->name = name;
	struct load_result r;
	if (get(ctx, &r, sizeof r) < 0 || r.len >= SIZE_MAX / 2)
		return -1;
	char *text = xmalloc(r.len + 1);
	if (get(ctx, text, r.len) < 0) {
		free(text);
		return -1;
	}
	text[r.len] = '\0';
	r.text = text;
	pg->src = r;
	uint8_t has;
	if (get(ctx, &has, 1) < 0)
		return -1;
	if (has) {
		if (!(pg->dom = dom_unpack(get, ctx)))
			return -1;
		figures(pg, o);
	}
	return 0;
}

int
page_load(struct page *pg, const char *path, const struct page_opts *o,
	  bool want_dom, char *err, size_t errlen)
{
	memset(pg, 0, sizeof *pg);
	pg->name = path;
	if (load_file(path, &o->load, &pg->src, err, errlen) < 0)
		return -1;
	return finish(pg, o, want_dom, err, errlen);
}

int
page_load_bytes(struct page *pg, const char *name, const char *bytes,
		size_t n, const struct page_opts *o, bool want_dom,
		char *err, size_t errlen)
{
	memset(pg, 0, sizeof *pg);
	pg->name = name;
	if (load_bytes(bytes, n, &o->load, &pg->src, err, errlen) < 0)
		return -1;
	return finish(pg, o, want_dom, err, errlen);
}

void
page_free(struct page *pg)
{
	if (!pg)
		return;
	load_result_free(&pg->src);
	dom_free(pg->dom);
	metrics_free(pg->m);
	lineblock_free(pg->lb);
	extract_meta_free(&pg->meta);
	memset(pg, 0, sizeof *pg);
}

const struct script_detect *
page_script(struct page *pg)
{
	if (!pg->script_done) {
		script_detect_page(pg->dom, pg->src.text, pg->src.len, &pg->script);
		pg->script_done = true;
	}
	return &pg->script;
}

void
page_lineblock(struct page *pg, const struct params *p)
{
	if (pg->lb && pg->lb_reflow == p->lb_reflow) {
		lineblock_regions(pg->lb, p);
		return;
	}
	lineblock_free(pg->lb);
	pg->lb = lineblock_build(pg->src.text, pg->src.len, p);
	pg->lb_reflow = p->lb_reflow;
}
