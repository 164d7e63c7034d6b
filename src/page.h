/* page.h - one loaded page and everything computed from it.
 *
 * A page owns the UTF-8 text (load), the node table (dom) and its figures
 * (metrics), the line-block view (lineblock) and the metadata.  page_load
 * runs the stages every method shares; the methods keep their own figures
 * (method.h) and run.h applies one.  Errors are
 * returned as "reason" strings for "pith: FILE: reason". */
#ifndef PITH_PAGE_H
#define PITH_PAGE_H

#include <stdbool.h>

#include "dom.h"
#include "meta.h"
#include "method/lb-blocks.h"
#include "load.h"
#include "metrics.h"
#include "params.h"
#include "script.h"

struct page_opts {
	struct load_opts load;
	struct dom_opts dom;
	bool canonical_only;    /* of the metadata only the canonical address
				 * (an output that prints none) */
};

struct page {
	const char *name;          /* as given on the command line */
	struct load_result src;
	struct dom *dom;           /* NULL when the method needs no DOM */
	struct metrics *m;
	struct lineblock *lb;      /* built on demand */
	int lb_reflow;             /* the reflow setting lb was built with */
	struct page_meta meta;
	struct script_detect script;  /* page_script() fills it on first use */
	bool script_done;
};

void page_opts_default(struct page_opts *o);
/* Load and, when want_dom, parse and compute the figures. */
int page_load(struct page *pg, const char *path, const struct page_opts *o,
	      bool want_dom, char *err, size_t errlen);
/* The same from bytes in memory (URLs, fuzzers). */
int page_load_bytes(struct page *pg, const char *name, const char *bytes,
		    size_t n, const struct page_opts *o, bool want_dom,
		    char *err, size_t errlen);
void page_free(struct page *pg);

/* A loaded page sent to a process forked from this one (its text and
 * node table, as dom_pack), and the page made again from them: the
 * figures and the metadata computed, the parse not done again.
 * page_unpack: 0, or -1 when the bytes end first. */
void page_pack(const struct page *pg, dom_put put, void *ctx);
int page_unpack(struct page *pg, const char *name, dom_get get, void *ctx,
		const struct page_opts *o);

/* Make sure the line-block view exists and matches p (rebuilt when
 * lb.reflow changed, regions recomputed otherwise). */
void page_lineblock(struct page *pg, const struct params *p);

/* The page's scripts, Tibetan verdict and legacy-font suspicion (DOM
 * pages only), detected on first use: batch runs of other methods never
 * pay for it. */
const struct script_detect *page_script(struct page *pg);

#endif
