/* ent.c - the entropy extraction path (doc/algorithms.md#ent) in the
 * table: one path per template over a site's pages, or the page's own
 * descent when it is alone. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "method/ent-entropy.h"
#include "method/method.h"
#include "run.h"

/* ent.depth's greatest value (and its default): the levels below body
 * the content root may lie, and the step mode's last stage. */
#define ENT_DEPTH_MAX 100

struct ent_state {
	struct geometry *g;     /* the page's estimated boxes */
	struct entropy *e;      /* its own descent, on the text it weighs */
	double *own;            /* that text (ent.own with other pages), or NULL: TA */
	int stop;               /* the content root used */
	int root;               /* the whole method's root (stop before ent.depth) */
	int cluster;            /* -1 alone */
	int fallback;           /* the cluster's path named nothing here */
	char *sample;           /* the cluster's sample page when not this one */
	int levels;             /* the whole method's root: levels below body */
	int depth;              /* stop's levels below body (ent.depth cuts) */
	struct ent_path *path;  /* the path of stop */
	int *recur;             /* per element: on how many other pages its
				   text stands (ent.own), or NULL */
	int others, need;       /* those pages; how many make it the template's */
	int *step_of;           /* per element: the descent step that weighed
				   its children, or -1 (the step k is k levels
				   below body) */
	int *links_of;          /* per element in the root: the outermost block
				   of it whose link text passed ent.links, or
				   -1; NULL when no block did */
};

static void *
ent_site_begin(int n, const struct params *p)
{
	(void)p;
	return entropy_build_new(n);
}

static void
ent_site_add(void *b, int i, const struct page *pg, const char *path)
{
	entropy_build_add(b, i, pg->dom, path);
}

/* The caller's reload, as entropy_build_end asks for a page. */
struct ent_reload {
	int (*reload)(void *ctx, int i, const struct page **pg);
	void *ctx;
};

static int
ent_reload(void *ctx, int i, const struct dom **d, const struct metrics **m)
{
	const struct ent_reload *r = ctx;
	const struct page *pg = NULL;
	if (r->reload(r->ctx, i, i < 0 ? NULL : &pg) < 0 || i < 0)
		return i < 0 ? 0 : -1;
	if (!pg->dom)
		return -1;
	*d = pg->dom;
	*m = pg->m;
	return 0;
}

static void *
ent_site_end(void *b, const struct params *p,
	     int (*reload)(void *ctx, int i, const struct page **pg), void *ctx,
	     const char *const *names, FILE *verbose)
{
	if (entropy_build_pages(b) == 0) {
		entropy_build_abandon(b);
		return NULL;
	}
	struct ent_reload r = { reload, ctx };
	struct entropy_site *st = entropy_build_end(b, p, ent_reload, &r);
	for (int k = 0; verbose && k < st->nclusters; k++)
		if (st->path[k])
			fprintf(verbose, "pith: cluster %d: sample %s, path %s (%s)\n", k,
				names[st->sample[k]], st->path[k]->xpath,
				entropy_path_kind(st->path[k]));
	return st;
}

static void
ent_site_abandon(void *b)
{
	entropy_build_abandon(b);
}

/* The pages in hand: site_begin, site_add and site_end over them. */
static int
reload_held(void *ctx, int i, const struct page **pg)
{
	const struct site_pages *sp = ctx;
	if (i >= 0)
		*pg = &sp->pages[i];
	return 0;
}

static void *
ent_site_new(const struct site_pages *sp, const struct params *p, FILE *verbose)
{
	void *b = ent_site_begin(sp->n, p);
	for (int i = 0; i < sp->n; i++)
		ent_site_add(b, i, &sp->pages[i], sp->path[i]);
	return ent_site_end(b, p, reload_held, (void *)sp, sp->name, verbose);
}

static void
ent_site_free(void *site)
{
	entropy_site_free(site);
}

static void
ent_state_free(void *state)
{
	struct ent_state *s = state;
	if (!s)
		return;
	geometry_free(s->g);
	entropy_free(s->e);
	entropy_path_free(s->path);
	free(s->own);
	free(s->sample);
	free(s->recur);
	free(s->step_of);
	free(s->links_of);
	free(s);
}

static int
levels_below_body(const struct dom *d, int i)
{
	int n = 0;
	for (; i >= 0 && i != d->body; i = d->parent[i])
		n++;
	return n;
}

/* For each element inside stop, the outermost element between it and
 * stop (it included) whose link share passes ent.links: one pass in
 * document order, a parent before its children. */
static int *
links_blocks(const struct dom *d, const struct metrics *m, const struct params *p, int stop)
{
	int *of = xmalloc(((size_t)d->n + 1) * sizeof *of);
	for (int i = 0; i < d->n; i++)
		of[i] = -1;
	for (int i = stop + 1; stop >= 0 && i < d->end[stop]; i++) {
		int up = d->parent[i] != stop ? of[d->parent[i]] : -1;
		double lt = m->LT[i], ta = m->TA[i];
		of[i] = up >= 0 ? up : lt + ta > 0 && lt / (lt + ta) > p->ent_links ? i : -1;
	}
	return of;
}

static void
ent_decide(struct page *pg, const void *site, int index, const char *name,
	   const struct params *p, void **state, struct decision *dc)
{
	ent_state_free(*state);
	struct ent_state *s = xcalloc(1, sizeof *s);
	*state = s;
	s->g = geometry_estimate(pg->dom, pg->m, p);
	s->cluster = -1;
	s->fallback = 1;
	const struct entropy_site *st = site;
	/* the page is the site's page of its file, the first of that path
	 * (an input before the same file among the siblings): the inspector
	 * shows any of the site's pages with the site built for its first */
	char *self = st && name ? realpath(name, NULL) : NULL;
	for (int i = 0; self && i < st->n; i++)
		if (st->realpath[i] && !strcmp(st->realpath[i], self)) {
			index = i;
			break;
		}
	free(self);
	bool in_site = st && index >= 0 && index < st->n;
	/* the descent shown is the one a decision over these pages makes:
	 * on the page's own text, the template's left out */
	if (in_site)
		s->own = entropy_own_text(st, pg->dom, pg->m, p, st->realpath[index]);
	s->e = entropy_find(pg->dom, pg->m, s->g, p, s->own);
	s->stop = s->e->stop;
	/* the detail asks for an element's steps: looked up, not searched */
	s->step_of = xmalloc(((size_t)pg->dom->n + 1) * sizeof *s->step_of);
	for (int i = 0; i < pg->dom->n; i++)
		s->step_of[i] = -1;
	for (int k = 0; k < s->e->nsteps; k++)
		s->step_of[s->e->steps[k].node] = k;
	if (in_site) {
		s->stop = entropy_site_stop(st, index, pg->dom, pg->m, p, &s->fallback);
		s->cluster = st->cluster[index];
		int sample = s->cluster >= 0 ? st->sample[s->cluster] : -1;
		if (!s->fallback && sample >= 0 && sample != index) {
			const char *sp = st->realpath[sample] ? st->realpath[sample] : "?";
			const char *base = strrchr(sp, '/');
			s->sample = xstrdup(base && base[1] ? base + 1 : sp);
		}
	}
	s->root = s->stop;
	/* ent.depth: the root as the descent left it that many levels below
	 * body, an ancestor of the whole method's root (a cluster's path
	 * reads the same way: one step per level of its sample's descent) */
	s->levels = s->depth = levels_below_body(pg->dom, s->stop);
	while (s->depth > p->ent_depth) {
		s->stop = pg->dom->parent[s->stop];
		s->depth--;
	}
	s->path = entropy_path_new(pg->dom, s->stop);
	entropy_decide(pg->dom, s->stop, NULL, dc);
	/* inside the root, the template's blocks are not the page's own
	 * text either (ent.own) */
	if (st && p->ent_own && s->depth == s->levels && index >= 0 && index < st->n) {
		const struct dom *d = pg->dom;
		int others = site_text_pages(st->text, st->realpath[index]);
		if (others > 0) {
			int *recur = xmalloc(((size_t)d->n + 1) * sizeof *recur);
			site_text_blocks(st->text, d, st->realpath[index], recur);
			int need = site_text_need(others);
			for (int b = 0; b < d->n; b++)
				if (dc->content[b] && recur[b] >= need) {
					dc->content[b] = 0;
					dc->reason[b] = REASON_TEMPLATE;
				}
			/* kept for the detail's explanation */
			s->recur = recur;
			s->others = others;
			s->need = need;
		}
	}
	/* inside the root, a block of mostly link text is a list of other
	 * stories or of links, as the paper's noise tags a and ul are
	 * (ent.links; 1 keeps the root whole); the last stage only: the step
	 * mode's earlier ones show the descent's roots whole */
	const struct dom *d = pg->dom;
	for (int b = 0; s->depth == s->levels && b < d->n; b++) {
		double lt = pg->m->LT[b], ta = pg->m->TA[b];
		/* an inline element (a link in a paragraph) is no block: its
		 * text goes with its block's */
		if (b == s->stop || !dc->content[b] || d->flags[b] & DOM_PHRASING || lt + ta <= 0 ||
		    lt / (lt + ta) <= p->ent_links)
			continue;
		for (int i = b; i < d->end[b]; i++) {
			dc->content[i] = 0;
			dc->reason[i] = REASON_LINKS;
		}
		if (!s->links_of)
			s->links_of = links_blocks(d, pg->m, p, s->stop);
	}
}

/* Stages: the content root after 0, 1, ... levels of the descent. */
static void
ent_level(struct params *p, int k)
{
	p->ent_depth = k - 1;
}

static const struct method_step ent_steps[] = {
	{ "descent level", ent_level },
};

static int
ent_stages(const void *state, const struct page *pg, int k, struct buf *b)
{
	const struct ent_state *s = state;
	if (!s || s->stop < 0)
		return 0;
	if (b) {
		buf_printf(b, "level %d: ", k - 1);
		if (k == 1)
			buf_adds(b, "the content root is ");
		else
			buf_adds(b, "down into ");
		dom_label(pg->dom, s->stop, b);
	}
	/* no setting of ent.depth goes deeper, so neither do the stages
	 * (each a run of the whole method: a page nested thousands deep
	 * would take as many) */
	return (s->levels < ENT_DEPTH_MAX ? s->levels : ENT_DEPTH_MAX) + 1;
}

static double
ent_height(const void *state, int i)
{
	return ((const struct ent_state *)state)->g->height[i];
}

static double
ent_width(const void *state, int i)
{
	return ((const struct ent_state *)state)->g->width[i];
}

static double
ent_ipt(const void *state, int i)
{
	return ((const struct ent_state *)state)->e->ipt[i];
}

/* HEIGHT and WIDTH are estimates (geometry.h), and the JSON says so. */
static const struct method_column ent_columns[] = {
	{ .name = "HEIGHT", .decimals = 0, .value = ent_height,
	  .help = "the element's box height, estimated from its text and tags" },
	{ .name = "WIDTH", .decimals = 0, .json_after = "\"box\":\"estimate\"",
	  .value = ent_width, .help = "the element's box width, estimated" },
	{ .name = "IPT", .decimals = 3, .width = 4, .blank_negative = true, .value = ent_ipt,
	  .help = "importance among the children weighed at one descent step" },
};

/* How many of the other pages make a text the template's, in words
 * (site_text_need): one when there is one other page. */
static const char *
need_words(int others, int need, struct buf *b)
{
	if (others <= 1)
		buf_printf(b, "%d makes it the template's: the one other page", need);
	else if (need == 2 && others < 4)
		buf_printf(b, "%d make it the template's: half, 2 at least", need);
	else
		buf_printf(b, "%d make it the template's: half", need);
	return b->data;
}

static void
ent_explain(const struct run *r, const struct page *pg, const struct params *p,
	    int i, const struct explain *x)
{
	const struct ent_state *s = r->state;
	const struct dom *d = pg->dom;
	(void)p;
	if (!s)
		return;
	struct buf b;
	buf_init(&b);
	/* the text the descent weighs: TA alone, the page's own text with
	 * the site's pages */
	if (s->own)
		buf_printf(&b, "own text %.0f; ", s->own[i]);
	if (s->e->ipt[i] >= 0)
		explain_printf(x, EXPLAIN_NORMAL, "box (estimated): height %.0f, width %.0f; "
			       "%simportance %.3f", s->g->height[i], s->g->width[i], b.data ? b.data : "",
			       s->e->ipt[i]);
	else
		explain_printf(x, EXPLAIN_NORMAL, "box (estimated): height %.0f, width %.0f; "
			       "%snot weighed in the descent", s->g->height[i], s->g->width[i],
			       b.data ? b.data : "");
	b.len = 0;
	if (s->stop >= 0) {
		explain_label(x, d, s->stop, &b);
		explain_printf(x, EXPLAIN_NORMAL, "path %s (%s) %s %s", s->path->xpath,
			       entropy_path_kind(s->path), x->to, b.data);
	}
	if (s->depth < s->levels)
		explain_printf(x, EXPLAIN_DIM, "stopped at level %d of %d (ent.depth, the step mode)",
			       s->depth, s->levels);
	if (s->cluster >= 0 && s->fallback)
		explain_printf(x, EXPLAIN_DIM, "template cluster %d; its path names nothing here, or "
			       "a part with under a quarter of the page's own text: own descent",
			       s->cluster);
	else if (s->cluster >= 0 && s->sample)
		explain_printf(x, EXPLAIN_DIM, "template cluster %d: its path is the descent of "
			       "its sample page %s; this page's own, for comparison:", s->cluster,
			       s->sample);
	else if (s->cluster >= 0)
		explain_printf(x, EXPLAIN_DIM, "template cluster %d: its path is this page's "
			       "descent (the cluster's sample)", s->cluster);
	else
		explain_printf(x, EXPLAIN_DIM, "the page alone (--siblings gives the site's pages)");
	if (s->own)
		explain_printf(x, EXPLAIN_DIM, "the descent weighs the page's own text: "
			       "not what stands on the other pages (ent.own)");
	/* the descent: the step that weighed this element's children, and the
	 * one that weighed the element among its siblings */
	/* when ent.depth cuts the descent (the step mode's stages), a step
	 * below the stage's root is a later stage's: the one that weighs the
	 * root's children is what the next stage does, those under it are
	 * not shown */
	bool cut = s->depth < s->levels;
	long walked = 0;
	/* the step that weighed it among its siblings (its parent's), then
	 * the one that weighed its children; step k is k levels below body */
	int ks[2] = { d->parent[i] >= 0 ? s->step_of[d->parent[i]] : -1, s->step_of[i] };
	for (int q = 0; q < 2; q++) {
		int k = ks[q];
		if (k < 0)
			continue;
		const struct entropy_step *st = &s->e->steps[k];
		walked++;
		int level = k;
		if (cut && level > s->depth)
			continue;
		const char *next = cut && level == s->depth ? " (the next stage)" : "";
		if (st->node == i) {
			explain_printf(x, EXPLAIN_HEADING, "descent step %d%s: its %d child%s weighed",
				       k + 1, next, st->nkids, st->nkids == 1 ? "" : "ren");
			explain_printf(x, EXPLAIN_NORMAL, "entropy weights: height %.3f, width %.3f, "
				       "text %.3f", st->w[ENT_HEIGHT], st->w[ENT_WIDTH], st->w[ENT_TEXT]);
			if (st->nkids == 1)
				explain_printf(x, EXPLAIN_NORMAL, "one child left: nothing to compare, "
					       "it holds everything");
			else if (p->ent_stop == ENT_STOP_PAPER)
				explain_printf(x, EXPLAIN_NORMAL, "variance %.4f %s ent.var=%g (ent.stop=paper)",
					       st->variance, st->down ? "<" : x->ge, p->ent_var);
			else
				explain_printf(x, EXPLAIN_NORMAL, "variance %.4f of at most %.4f "
					       "((m-1)/m^2, m=%d): ratio %.3f %s ent.var=%g",
					       st->variance, st->nkids > 0 ?
					       (double)(st->nkids - 1) / ((double)st->nkids * st->nkids) : 0.0,
					       st->nkids, st->vnorm, st->down ? x->ge : "<", p->ent_var);
			b.len = 0;
			if (st->best >= 0)
				explain_label(x, d, st->best, &b);
			if (st->down && st->best >= 0 && k + 1 < s->e->nsteps)
				explain_printf(x, EXPLAIN_CONTENT, "%s down into %s", x->to, b.data);
			else if (st->down && b.len)
				explain_printf(x, EXPLAIN_CONTENT, "%s stop here: the most important "
					       "child %s is no container", x->to, b.data);
			else if (b.len)
				explain_printf(x, EXPLAIN_CONTENT, "%s stop here (most important child %s)",
					       x->to, b.data);
			else
				explain_printf(x, EXPLAIN_CONTENT, "%s stop here", x->to);
		} else if (d->parent[i] == st->node) {
			b.len = 0;
			explain_label(x, d, st->node, &b);
			if (st->nkids == 1 && st->best == i)
				explain_printf(x, EXPLAIN_CONTENT, "step %d%s: the one child of %s left",
					       k + 1, next, b.data);
			else
				explain_printf(x, st->best == i ? EXPLAIN_CONTENT : EXPLAIN_DIM,
					       "step %d%s: one of %d children of %s%s", k + 1, next,
					       st->nkids, b.data, st->best == i ? ", the most important" : "");
		}
	}
	if (s->stop >= 0 && (dom_contains(d, s->stop, i)))
		explain_printf(x, EXPLAIN_CONTENT, "%s inside the content root", x->to);
	else if (s->stop >= 0 && dom_contains(d, i, s->stop))
		explain_printf(x, EXPLAIN_NOISE, "%s above the content root", x->to);
	else
		explain_printf(x, EXPLAIN_NOISE, "%s off the path", x->to);
	/* why the descent ended is said where it ended, not on every element */
	if (s->e->why && !cut && i == s->e->stop)
		explain_printf(x, EXPLAIN_DIM, "the descent stopped here: %s", s->e->why);
	/* the descent decided (not the sample's), but its root holds under
	 * half of the page's own text: the root is the ancestor that holds
	 * half (entropy_hold_half) */
	if (!cut && !s->sample && s->own && s->root >= 0 && s->e->stop >= 0 &&
	    s->root != s->e->stop && dom_contains(d, s->root, s->e->stop) && d->body >= 0) {
		b.len = 0;
		explain_label(x, d, s->e->stop, &b);
		buf_adds(&b, " ");
		size_t at = b.len;
		explain_label(x, d, s->root, &b);
		b.data[at - 1] = 0;
		explain_printf(x, EXPLAIN_NORMAL, "the descent's root %s holds %.0f of the page's %.0f "
			       "own characters, under half %s up to %s, which holds %.0f",
			       b.data, s->own[s->e->stop], s->own[d->body], x->to, b.data + at,
			       s->own[s->root]);
	}
	/* what the root's own tests did to a block in it */
	const struct metrics *mt = pg->m;
	if (r->dc.reason[i] == REASON_TEMPLATE && s->recur) {
		int blk = i;
		while (blk >= 0 && s->recur[blk] < 0)
			blk = d->parent[blk];
		struct buf nb;
		buf_init(&nb);
		if (blk >= 0)
			explain_printf(x, EXPLAIN_NOISE, "template: its text stands on %d of the %d other "
				       "page%s (%s) %s noise",
				       s->recur[blk], s->others, s->others == 1 ? "" : "s",
				       need_words(s->others, s->need, &nb), x->to);
		buf_free(&nb);
	}
	if (r->dc.reason[i] == REASON_LINKS) {
		/* the outermost block in the root whose link text passed */
		int blk = s->links_of && s->stop >= 0 && i > s->stop && i < d->end[s->stop] ?
			  s->links_of[i] : -1;
		walked++;
		if (blk >= 0) {
			b.len = 0;
			explain_label(x, d, blk, &b);
			explain_printf(x, EXPLAIN_NOISE, "links: %s%s holds LT/(LT+TA) = %d/%d = %.2f > "
				       "ent.links=%g link text %s noise", blk == i ? "" : "in ",
				       b.data, mt->LT[blk], mt->LT[blk] + mt->TA[blk],
				       (double)mt->LT[blk] / (mt->LT[blk] + mt->TA[blk]), p->ent_links,
				       x->to);
		}
	}
	test_count("ent explain steps", walked);
	buf_free(&b);
}

static void
ent_report(const struct run *r, const struct page *pg, const char *name, FILE *f)
{
	const struct ent_state *s = r->state;
	(void)pg;
	if (!s)
		return;
	fprintf(f, "%s: cluster %d, path %s (%s%s)\n", name, s->cluster < 0 ? 0 : s->cluster,
		s->path->xpath, entropy_path_kind(s->path),
		s->fallback && s->cluster >= 0 ?
		"; the cluster's path names nothing here, own descent" : "");
}

static void
ent_json(const struct run *r, struct buf *b)
{
	const struct ent_state *s = r->state_of == &method_ent ? r->state : NULL;
	buf_printf(b, "\"cluster\":%d,\"path\":", s ? (s->cluster < 0 ? 0 : s->cluster) : -1);
	if (s && s->path->xpath)
		buf_add_json(b, s->path->xpath, strlen(s->path->xpath));
	else
		buf_adds(b, "null");
	buf_addc(b, ',');
}

static const char *const ent_stops[] = { "norm", "paper", NULL };
static const struct param_desc ent_params[] = {
	{ "ent.sim", "ent", PARAM_DOUBLE, false, PARAM_OFF(ent_sim), 0.8, 0, 1, 0.01,
	  "tree similarity at which pages share a cluster", NULL, NULL },
	{ "ent.var", "ent", PARAM_DOUBLE, false, PARAM_OFF(ent_var), 0.1, 0, 1, 0.01,
	  "descend at variance/max >= this (norm), at variance < this (paper)", NULL, NULL },
	{ "ent.stop", "ent", PARAM_ENUM, false, PARAM_OFF(ent_stop), ENT_STOP_NORM, 0, 1, 1,
	  "descent test: norm (one child dominates) or paper (variance < ent.var)", ent_stops, NULL },
	{ "ent.depth", "ent", PARAM_INT, true, PARAM_OFF(ent_depth), ENT_DEPTH_MAX, 0, ENT_DEPTH_MAX, 1,
	  "levels below body the content root may lie (0: body itself)", NULL, NULL },
	{ "ent.width", "ent", PARAM_DOUBLE, false, PARAM_OFF(ent_width), 1000, 100, 10000, 10,
	  "estimated page width in pixels", NULL, NULL },
	{ "ent.own", "ent", PARAM_BOOL, false, PARAM_OFF(ent_own), 1, 0, 1, 1,
	  "weigh only the page's own text: not what stands on half the site's pages (on/off: the paper's text)",
	  NULL, NULL },
	{ "ent.links", "ent", PARAM_DOUBLE, false, PARAM_OFF(ent_links), 0.5, 0, 1, 0.05,
	  "link share above which a block inside the content root is noise (1: the root whole)",
	  NULL, NULL },
};

static const enum reason ent_reasons[] = {
	REASON_PATH, REASON_ABOVE, REASON_NOISE, REASON_TEMPLATE, REASON_LINKS,
};

const struct method method_ent = {
	.name = "ent",
	.summary = "entropy extraction path: one content root per page template",
	.params = ent_params,
	.nparams = sizeof ent_params / sizeof ent_params[0],
	.reasons = ent_reasons,
	.nreasons = sizeof ent_reasons / sizeof ent_reasons[0],
	.needs_dom = true,
	.site_pages = SITE_INPUTS_SIBLINGS,
	.min_site = 2,
	.site_new = ent_site_new,
	.site_free = ent_site_free,
	.site_begin = ent_site_begin,
	.site_add = ent_site_add,
	.site_end = ent_site_end,
	.site_abandon = ent_site_abandon,
	.decide = ent_decide,
	.state_free = ent_state_free,
	.columns = ent_columns,
	.ncolumns = 3,
	.explain = ent_explain,
	.report = ent_report,
	.json = ent_json,
	.steps = ent_steps,
	.nsteps = 1,
	.stages = ent_stages,
};
