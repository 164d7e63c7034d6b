/* auto.c - every signal combined per block (auto.h) in the table. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include <stdlib.h>
#include <string.h>

#include "method/auto-decide.h"
#include "method/method.h"
#include "run.h"
#include "sitetext.h"

/* With --siblings: the text of every sibling page, to tell the site's
 * template from the page's own text. */
static void *
auto_site_new(const struct site_pages *sp, const struct params *p, FILE *verbose)
{
	(void)p, (void)verbose;
	struct site_text *s = site_text_new();
	for (int i = 0; i < sp->n; i++)
		if (sp->pages[i].dom)
			site_text_add(s, sp->pages[i].dom, sp->path[i]);
	return s;
}

static void
auto_site_free(void *site)
{
	site_text_free(site);
}

/* What the sibling pages say of each block (auto-model.h's
 * SITE_SIGNALS), worked out once per page and site. */
static void
site_signals(const struct dom *d, const struct site_text *site, const char *self,
	     struct auto_state *st)
{
	const struct features *f = &st->sig;
	st->recur = xmalloc(((size_t)d->n + 1) * sizeof *st->recur);
	site_text_blocks(site, d, self, st->recur);
	int *at = st->at_path = xmalloc(((size_t)d->n + 1) * sizeof *at);
	int *same = st->same = xmalloc(((size_t)d->n + 1) * sizeof *same);
	site_text_paths(site, d, self, at, same);
	st->sx = xcalloc((size_t)f->nblocks + 1, sizeof *st->sx);
	double n = st->nsib;
	for (int j = 0; j < f->nblocks; j++) {
		int b = f->block[j];
		float *x = st->sx[j];
		double p = st->score0[b], z = log(p / (1 - p));
		x[S_BIAS] = 1;
		x[S_LOGIT] = (float)(isfinite(z) ? fmin(fmax(z, -8), 8) : p < 0.5 ? -8 : 8);
		x[S_TEXT] = st->recur[b] > 0 ? (float)(st->recur[b] / n) : 0;
		x[S_PATH] = at[b] > 0 ? (float)(at[b] / n) : 0;
		x[S_VARY] = at[b] > 0 ? (float)(at[b] - same[b]) / (float)at[b] : 0;
		x[S_HEAD_VARY] = f->x[j][F_TAG_HEADING] > 0 ? x[S_VARY] : 0;
		x[S_H1_VARY] = f->x[j][F_TAG_H1] > 0 ? x[S_VARY] : 0;
		x[S_LINKS] = f->x[j][F_LINK_DENSITY];
		x[S_SHORT] = (float)(1 / (1 + f->chars[j] / 40.0));
	}
}

/* The site's figures dropped: no sibling pages (any more). */
static void
site_forget(struct auto_state *st)
{
	free(st->recur);
	free(st->sx);
	free(st->at_path);
	free(st->same);
	st->recur = st->at_path = st->same = NULL;
	st->sx = NULL;
}

/* With sibling pages: the site stage weighs what they say of each block
 * beside its probability from the page alone (when the model has one),
 * then the run decides as without them.  A kept block all of whose text
 * stands on at least half the sibling pages (two at least, when there
 * are two) is the template's: dropped, reason template. */
static void
auto_site(const struct page *pg, const struct site_text *site, const char *name,
	  const struct params *p, struct auto_state *st, struct decision *dc)
{
	const struct dom *d = pg->dom;
	const struct features *f = &st->sig;
	if (st->site_of != site) {
		char *self = name ? realpath(name, NULL) : NULL;
		st->site_of = site;
		st->nsib = site_text_pages(site, self);
		if (!st->score0) {
			st->score0 = xmalloc(((size_t)d->n + 1) * sizeof *st->score0);
			memcpy(st->score0, st->score, (size_t)d->n * sizeof *st->score0);
		}
		memcpy(st->score, st->score0, (size_t)d->n * sizeof *st->score);
		site_forget(st);
		if (st->nsib > 0) {
			site_signals(d, site, self, st);
			const float *w = st->model->site;
			for (int j = 0; w && j < f->nblocks; j++) {
				double z = 0;
				for (int k = 0; k < S_COUNT; k++)
					z += (double)w[k] * st->sx[j][k];
				st->score[f->block[j]] = 1 / (1 + exp(-z));
			}
		}
		free(self);
	}
	decide_auto(d, st, p, dc);
	if (st->nsib <= 0)
		return;
	int need = site_text_need(st->nsib);
	for (int b = 0; b < d->n; b++)
		if (dc->content[b] && st->recur[b] >= need) {
			dc->content[b] = 0;
			dc->reason[b] = REASON_TEMPLATE;
		}
}

static void
auto_decide(struct page *pg, const void *site, int index, const char *name,
	    const struct params *p, void **state, struct decision *dc)
{
	(void)index;
	const struct auto_model *m = auto_model_find(p->auto_model);
	if (*state && ((struct auto_state *)*state)->model != m) {
		auto_state_free(*state);
		*state = NULL;
	}
	if (!*state)
		*state = auto_state_new(pg, m);
	struct auto_state *st = *state;
	/* auto.trees off (the step mode's first stage): the first stage's
	 * probabilities decide; what the siblings said is worked out anew
	 * from them */
	int stage = p->auto_trees && st->trees_even ? 2 : 1;
	if (st->stage != stage) {
		auto_state_stage(st, stage);
		free(st->score0);
		st->score0 = NULL;
		site_forget(st);
		st->site_of = NULL;
		st->nsib = 0;
	}
	if (site) {
		auto_site(pg, site, name, p, st, dc);
		return;
	}
	if (st->site_of) {
		/* the siblings are gone: the page alone decides again */
		memcpy(st->score, st->score0, (size_t)pg->dom->n * sizeof *st->score);
		st->site_of = NULL;
		st->nsib = 0;
		site_forget(st);
	}
	decide_auto(pg->dom, st, p, dc);
}

static void
auto_free(void *state)
{
	auto_state_free(state);
}

static double
auto_p(const void *state, int i)
{
	return ((const struct auto_state *)state)->score[i];
}

/* The blocks are decided; the elements around them are not. */
static bool
auto_decided(const void *state, int i)
{
	return ((const struct auto_state *)state)->score[i] >= 0;
}

/* The site stage's signals of the blocks, when siblings gave them and
 * they are of the nblocks blocks the caller has. */
static const float *
auto_site_signals_of(const void *state, int nblocks)
{
	const struct auto_state *st = state;
	return st && st->sx && st->sig.nblocks == nblocks ? &st->sx[0][0] : NULL;
}

static const struct method_column auto_columns[] = {
	{ .name = "P", .decimals = 3, .width = 4, .blank_negative = true, .value = auto_p,
	  .help = "the block's probability of being content" },
};

/* Element e as the detail names another: "p.lead (line 12, #40)". */
static void
element_ref(const struct explain *x, const struct dom *d, int e, struct buf *out)
{
	out->len = 0;
	explain_label(x, d, e, out);
	buf_printf(out, " (line %d, #%d)", d->line[e], e);
}

/* A block of a forum thread's post: which post, which siblings made it
 * one, and where its message is. */
static void
thread_explain(const struct explain *x, const struct dom *d, const struct thread *t,
	       int reason, int i, int titles)
{
	int k = thread_post_of(d, t, i);
	if (k < 0) {
		struct buf c;
		buf_init(&c);
		explain_label(x, d, t->container, &c);
		if (reason == REASON_POST_PART)
			explain_printf(x, EXPLAIN_NOISE, "dropped: in the container of a forum thread's "
				       "%d posts, %s (line %d), but in none of them", t->nposts, c.data,
				       d->line[t->container]);
		else if (reason == REASON_THREAD)
			explain_printf(x, EXPLAIN_NORMAL, "kept: before the container of a forum "
				       "thread's %d posts, %s (line %d), the model keeps it though "
				       "the reading-order run does not (a story over its comments, "
				       "an opening post set apart)", t->nposts, c.data,
				       d->line[t->container]);
		buf_free(&c);
		return;
	}
	int under = d->parent[t->post[t->anchor_post]];
	struct buf parent, msg, of;
	buf_init(&parent);
	buf_init(&msg);
	buf_init(&of);
	explain_label(x, d, under, &parent);
	explain_label(x, d, t->msg[k], &msg);
	if (reason == REASON_THREAD && !dom_contains(d, t->msg[k], i))
		explain_printf(x, EXPLAIN_NORMAL, "kept: the title of post %d of %d of a forum "
			       "thread, outside its message: a heading that links elsewhere, as "
			       "each of %d posts has, no two alike and none the end of another "
			       "(a post's own title, as a blog lists its posts under theirs; not "
			       "a thread's subject repeated, \"Re: ...\")", k + 1, t->nposts,
			       titles);
	else if (reason == REASON_THREAD)
		explain_printf(x, EXPLAIN_NORMAL, "kept: the message of post %d of %d of a forum "
			       "thread", k + 1, t->nposts);
	else if (reason == REASON_POST_PART && t->repeat[i])
		explain_printf(x, EXPLAIN_NOISE, "dropped: its text stands at the same place in %d "
			       "posts (a signature, a control); post %d of %d of a forum thread",
			       t->repeat[i], k + 1, t->nposts);
	else if (reason == REASON_POST_PART)
		explain_printf(x, EXPLAIN_NOISE, "dropped: in post %d of %d of a forum thread, "
			       "outside its message (an author panel, a signature, controls)", k + 1,
			       t->nposts);
	if (t->members > t->nposts)
		buf_printf(&of, "%d of ", t->nposts - t->opening);
	if (t->apart) {
		/* the replies' container: the last post's parent; where they
		 * are alike the opening post, the list above the items that
		 * hold nothing else (replies_alike) */
		struct buf rep;
		buf_init(&rep);
		int last = t->post[t->nposts - 1];
		int r = d->parent[t->alike ? thread_item(d, last) : last];
		/* replies nested in the ones they answer: the list of the
		 * first reply's element (a post is its part) */
		if (t->nested && t->nposts > t->opening)
			r = d->parent[d->parent[t->post[t->opening]]];
		explain_label(x, d, r, &rep);
		/* how they were found beside the opening post */
		struct buf how;
		buf_init(&how);
		if (t->alike)
			buf_adds(&how, ", named as comments but laid out as the opening post is (an "
				 "article is not laid out as its comments are)");
		if (t->within)
			buf_adds(&how, ", the first element of the opening post's tag after it (a "
				 "question's answers)");
		if (t->nested)
			buf_printf(&how, ", and %d more nested in them, each reply in the %s of the "
				   "post it answers (a post is the part of it that holds the message)",
				   t->nested, d->tagnames[d->tag[d->parent[t->post[t->opening]]]]);
		if (t->short_open > 0)
			buf_printf(&how, ", named as comments but the opening post holds %.1f times "
				   "their mean text (%d at most: a discussion's question or link, not an "
				   "article)", t->short_open, THREAD_OPENING);
		explain_printf(x, EXPLAIN_DIM, "the posts: an opening post in %s (line %d), and "
			       "after it %s%d %s elements of %s shape in a container of their own, "
			       "%s (line %d)%s, each with text beside its message and a digit there "
			       "(a date, a number; the opening post's may be in its wrapper)",
			       parent.data, d->line[under], of.data ? of.data : "",
			       t->members - 1 - t->nested, d->tagnames[d->tag[t->post[k]]],
			       t->alike || t->within ? "its" : "one", rep.data, d->line[r],
			       how.data ? how.data : "");
		buf_free(&how);
		buf_free(&rep);
	} else if (t->nested) {
		/* the posts are parts of the elements that nest the replies */
		struct buf top;
		buf_init(&top);
		int c = t->container;
		explain_label(x, d, c, &top);
		const char *tag = d->tagnames[d->tag[under]];
		explain_printf(x, EXPLAIN_DIM, "the posts: %d %s elements of one shape in %s "
			       "(line %d), and %d more nested in them, each reply in the %s of the "
			       "post it answers; a post is the %s of its %s that holds the message, "
			       "with text beside the message and a digit there (a date, a number)",
			       t->members - t->nested, tag, top.data, d->line[c], t->nested, tag,
			       d->tagnames[d->tag[t->post[k]]], tag);
		buf_free(&top);
	} else {
		char headed[96] = "";
		if (t->headed)
			snprintf(headed, sizeof headed, ", or a date in the element before it (%d or "
				 "more have one: a header of their own)", THREAD_POSTS);
		explain_printf(x, EXPLAIN_DIM, "the posts: %s%s%d %s elements of one shape %sin %s "
			       "(line %d), each with text beside its message and a digit there (a "
			       "date, a number)%s",
			       t->opening ? "an opening post unlike the others, and " : "",
			       of.data ? of.data : "", t->members - t->opening,
			       d->tagnames[d->tag[t->post[k]]], t->opening ? "after it " : "",
			       parent.data, d->line[under], headed);
	}
	int like = thread_post_of(d, t, t->like[k]);
	char largest[320], apart[160] = "";
	if (t->outside > 0)
		snprintf(apart, sizeof apart, "; what it kept lies outside the posts, whose "
			 "messages hold %.0f %% of the page's text: half or more", 100 * t->outside);
	snprintf(largest, sizeof largest, "the page's largest block outside nav, header, "
		 "footer, aside, form and menu (the model kept none of more than %d characters%s)",
		 THREAD_META_CHARS, apart);
	/* or the largest kept block outside the posts found first */
	struct buf outside;
	buf_init(&outside);
	if (t->first_list >= 0) {
		struct buf list;
		buf_init(&list);
		explain_label(x, d, t->first_list, &list);
		buf_printf(&outside, "the largest kept block outside %s (line %d): the posts found "
			   "from the largest kept block, in it, held less than %d%% of the kept text",
			   list.data, d->line[t->first_list], (int)(THREAD_KEPT * 100));
		buf_free(&list);
	}
	const char *anchor = t->largest ? largest : t->first_list >= 0 ? outside.data :
			     "the largest kept block";
	/* the post compared with, where it is the anchor's */
	const char *whose = like != t->anchor_post ? "" :
			    t->largest ? " (the largest block's)" :
			    t->first_list >= 0 ? " (the anchor's)" : " (the largest kept block's)";
	if (k == t->anchor_post && t->opening)
		explain_printf(x, EXPLAIN_DIM, "this is post %d, the opening post, whose message "
			       "holds %s: its message is the element around that block as deep "
			       "below the post as the others' messages", k + 1, anchor);
	else if (k == t->anchor_post)
		explain_printf(x, EXPLAIN_DIM, "this is post %d, whose message holds %s", k + 1,
			       anchor);
	else if (like == k)
		explain_printf(x, EXPLAIN_DIM, "this is post %d, the first after the opening post: "
			       "the others' shapes are compared with its", k + 1);
	else if (like >= 0 && t->nested) {
		/* the shapes compared are those of the elements nesting the
		 * replies, not the posts' */
		char held[160] = "";
		if (t->held[k] > 0)
			snprintf(held, sizeof held, ", or the fewer paths of the two stand %d%% or more "
				 "among the more: here %d%%", (int)(THREAD_HELD * 100),
				 (int)(t->held[k] * 100 + 0.5));
		explain_printf(x, EXPLAIN_DIM, "the %s of this one and that of post %d%s share %d%% "
			       "of their tag paths %d levels down (%d%% make one shape%s)",
			       d->tagnames[d->tag[under]], like + 1,
			       whose,
			       (int)(t->sim[k] * 100 + 0.5), THREAD_SHAPE_DEPTH,
			       (int)(THREAD_SHAPE * 100), held);
	}
	else if (like >= 0 && t->held[k] > 0)
		explain_printf(x, EXPLAIN_DIM, "this one and post %d%s share %d%% of their tag paths "
			       "%d levels down (%d%% make one shape), but the fewer paths of the "
			       "two stand %d%% among the more (%d%% make one shape where the more "
			       "are at most %d times as many: a long message's own headings, lists "
			       "and code)", like + 1,
			       whose,
			       (int)(t->sim[k] * 100 + 0.5), THREAD_SHAPE_DEPTH,
			       (int)(THREAD_SHAPE * 100), (int)(t->held[k] * 100 + 0.5),
			       (int)(THREAD_HELD * 100), THREAD_HELD_RATIO);
	else if (like >= 0)
		explain_printf(x, EXPLAIN_DIM, "this one and post %d%s share %d%% of their tag paths "
			       "%d levels down (%d%% make one shape)", like + 1,
			       whose,
			       (int)(t->sim[k] * 100 + 0.5), THREAD_SHAPE_DEPTH,
			       (int)(THREAD_SHAPE * 100));
	if (t->own[k] == 2) {
		int steps = d->depth[t->msg[k]] - d->depth[t->post[k]];
		explain_printf(x, EXPLAIN_DIM, "its message: %s (line %d), %d step%s below the post: "
			       "the first %s after the one at the messages' place that holds what "
			       "a message holds, as the one there holds none of it (a title, a box "
			       "of files)", msg.data, d->line[t->msg[k]], steps, steps == 1 ? "" : "s",
			       d->tagnames[d->tag[t->msg[k]]]);
	} else if (t->own[k]) {
		int steps = d->depth[t->msg[k]] - d->depth[t->post[k]];
		explain_printf(x, EXPLAIN_DIM, "its message: %s (line %d), %d step%s below the post: "
			       "the deepest place holding %d%% or more of its own words, as the "
			       "messages' place (%d step%s below a post) holds none of them here",
			       msg.data, d->line[t->msg[k]], steps, steps == 1 ? "" : "s",
			       (int)(THREAD_MESSAGE * 100), t->msg_depth,
			       t->msg_depth == 1 ? "" : "s");
	} else if (t->nested)
		explain_printf(x, EXPLAIN_DIM, "its message: %s (line %d), %d step%s below the post: "
			       "the deepest place holding %d%% or more of the words of the %d %s "
			       "elements side by side, on average over them (their replies' words "
			       "counted in; dates, counts and labels another has left out): %d%%",
			       msg.data, d->line[t->msg[k]], t->msg_depth,
			       t->msg_depth == 1 ? "" : "s", (int)(THREAD_MESSAGE * 100),
			       t->members - t->nested,
			       d->tagnames[d->tag[under]], (int)(t->share * 100 + 0.5));
	else
		explain_printf(x, EXPLAIN_DIM, "its message: %s (line %d), %d step%s below the post: "
			       "the deepest place holding %d%% or more of a post's words (dates, "
			       "counts and labels another post has left out), %d%% on average",
			       msg.data, d->line[t->msg[k]], t->msg_depth,
			       t->msg_depth == 1 ? "" : "s", (int)(THREAD_MESSAGE * 100),
			       (int)(t->share * 100 + 0.5));
	buf_free(&parent);
	buf_free(&msg);
	buf_free(&of);
	buf_free(&outside);
}

/* What the sibling pages said of block i and what that did. */
static void
site_explain(const struct run *r, const struct auto_state *st, int i, const struct explain *x)
{
	int need = site_text_need(st->nsib);
	explain_printf(x, EXPLAIN_HEADING, "the %d sibling pages", st->nsib);
	if (st->recur[i] >= need)
		explain_printf(x, EXPLAIN_NOISE, "its text stands on %d of them (%d make it the "
			       "template's)%s", st->recur[i], need,
			       r->dc.reason[i] == REASON_TEMPLATE ? ": dropped" : "");
	else
		explain_printf(x, EXPLAIN_NORMAL, "its text stands on %d of them (%d would make it "
			       "the template's): the page's own", st->recur[i], need);
	explain_printf(x, EXPLAIN_NORMAL, "its path (tags, ids, classes) is on %d of them, "
		       "with other text on %d", st->at_path[i], st->at_path[i] - st->same[i]);
	const float *w = st->model->site, *v = NULL;
	int j = auto_block_of(st, i);
	if (j >= 0)
		v = st->sx[j];
	if (!w || !v)
		return;
	double z = 0;
	for (int k = 0; k < S_COUNT; k++)
		z += (double)w[k] * v[k];
	explain_printf(x, EXPLAIN_HEADING, "site stage, sum %.2f = logit", z);
	for (int k = 0; k < S_COUNT; k++) {
		double c = (double)w[k] * v[k];
		if (c != 0)
			explain_printf(x, c > 0 ? EXPLAIN_NORMAL : EXPLAIN_DIM,
				       "  %+6.2f  %s = %.3g: %s", c, site_signal_names[k],
				       (double)v[k], site_signal_meanings[k]);
	}
	double p0 = st->score0[i], p1 = st->score[i];
	explain_printf(x, EXPLAIN_NORMAL, "probability %.2f from the page alone, %.2f with the "
		       "siblings%s", p0, p1, r->dc.reason[i] == REASON_SITE ?
		       ": lifted to auto.T, kept where it stands" : "");
}

/* Each signal's share of the logit, the largest first: the steps it took
 * along the trees' paths (the bias: the base and the roots), or weight x
 * value when the first stage decides; their sum is the block's logit. */
/* The kind of page auto took the page for, and why (auto-kind.h): the
 * one auto.kind names, a forum thread when the thread stage found its
 * posts, else what the page's figures say. */
static enum page_kind
auto_kind(const struct auto_state *st, char *why, size_t n)
{
	if (st->kind_set) {
		snprintf(why, n, "set by auto.kind (the figures say %s)",
			 page_kind_names[st->sig.kind]);
		return st->kind;
	}
	if (st->thread.nposts > 0) {
		snprintf(why, n, st->thread.opening ? "the thread stage found an opening post and "
			 "%d posts of one shape" : "the thread stage found %d posts of one shape",
			 st->thread.nposts - st->thread.opening);
		return KIND_FORUM;
	}
	snprintf(why, n, "%s", st->sig.kind_why);
	return st->sig.kind;
}

static const struct auto_state *
auto_of(const struct run *r)
{
	return r->state_of == &method_auto ? r->state : NULL;
}

static void
auto_json(const struct run *r, struct buf *b)
{
	const struct auto_state *st = auto_of(r);
	if (!st)
		return;
	char why[200];
	const char *kind = page_kind_names[auto_kind(st, why, sizeof why)];
	buf_adds(b, "\"page_type\":");
	buf_add_json(b, kind, strlen(kind));
	buf_adds(b, ",\"page_type_why\":");
	buf_add_json(b, why, strlen(why));
	buf_addc(b, ',');
}

static void
auto_report(const struct run *r, const struct page *pg, const char *name, FILE *f)
{
	const struct auto_state *st = auto_of(r);
	(void)pg;
	if (!st)
		return;
	char why[200];
	enum page_kind kind = auto_kind(st, why, sizeof why);
	fprintf(f, "%s: taken for a page of kind %s: %s\n", name, page_kind_names[kind], why);
}

static void
auto_status(const struct run *r, struct buf *b)
{
	const struct auto_state *st = auto_of(r);
	char why[200];
	if (st)
		buf_adds(b, page_kind_names[auto_kind(st, why, sizeof why)]);
}

static void
auto_explain(const struct run *r, const struct page *pg, const struct params *p,
	     int i, const struct explain *x)
{
	const struct auto_state *st = r->state;
	const struct dom *d = pg->dom;
	if (!st)
		return;
	char why[200];
	enum page_kind kind = auto_kind(st, why, sizeof why);
	explain_printf(x, EXPLAIN_DIM, "page: %s, as %s", page_kind_names[kind], why);
	const struct page_figures *pf = &st->sig.page;
	if ((kind == KIND_LISTING || st->grid_alone) && pf->ngrid > 0) {
		/* which repeated structure is the listing's grid, or the one
		 * another kind of page keeps */
		struct buf item, in;
		buf_init(&item);
		buf_init(&in);
		explain_label(x, d, pf->grid[0], &item);
		explain_label(x, d, d->parent[pf->grid[0]], &in);
		/* the parents beyond the first (the items are in document
		 * order, each parent's together) */
		int more = 0;
		for (int k = 1; k < pf->ngrid; k++)
			more += d->parent[pf->grid[k]] != d->parent[pf->grid[k - 1]];
		char others[64] = "";
		if (more > 0)
			snprintf(others, sizeof others, " and in %d more like it", more);
		explain_printf(x, EXPLAIN_DIM, "its grid: %d %s in %s (line %d)%s, %.0f %% of the "
			       "page's text: of the items repeated under one parent with one tag and "
			       "class (instance ids aside), with the groups alike to them (items and "
			       "parents of one tag and half their class words, at one depth), those "
			       "holding the most text outside a nav, header, footer, aside, form or "
			       "menu, in the page's main landmark first", pf->ngrid, item.data, in.data,
			       d->line[d->parent[pf->grid[0]]], others, 100 * pf->grid_share);
		buf_free(&item);
		buf_free(&in);
	}
	if (st->score[i] < 0)
		return;
	explain_printf(x, EXPLAIN_NORMAL, "block probability %.2f %s T=%g", st->score[i],
		       st->score[i] >= p->auto_T ? x->ge : "<", p->auto_T);
	if (st->stage == 1)
		explain_printf(x, EXPLAIN_DIM, "%s", st->trees_even ?
			       "first stage: the trees are off (auto.trees, the step mode)" :
			       "first stage: the trees gave no block 1/2");
	if (r->dc.reason[i] == REASON_DUPLICATE && st->dup_of[i] >= 0) {
		struct buf l;
		buf_init(&l);
		explain_label(x, d, st->dup_of[i], &l);
		/* the run's decision is after the pins: a copy pinned out
		 * takes the text with it */
		int o = st->dup_of[i];
		explain_printf(x, EXPLAIN_NOISE, "a repeat of %s (line %d, #%d), %s",
			       l.data, d->line[o], o, r->dc.content[o] ? "which is kept" :
			       "dropped too: the text is lost");
		buf_free(&l);
	}
	if (st->thread.nposts > 0)
		thread_explain(x, d, &st->thread, r->dc.reason[i], i, st->thread_titles);
	/* what keep_kind left beside the main landmark */
	int jb = auto_block_of(st, i);
	if (jb >= 0 && st->beside_main[jb] && !r->dc.content[i]) {
		struct buf l;
		buf_init(&l);
		explain_label(x, d, st->sig.page.main, &l);
		explain_printf(x, EXPLAIN_NOISE, "not kept by the %s page's kind: cc's, but outside "
			       "the page's main landmark, %s (line %d), which holds half the text the "
			       "model kept or more", page_kind_names[kind], l.data,
			       d->line[st->sig.page.main]);
		buf_free(&l);
	}
	if (jb >= 0 && st->control[jb] && !r->dc.content[i])
		explain_printf(x, EXPLAIN_NOISE, "not added by the page's kind nor run on with the "
			       "kept blocks around it: one short link alone, whose text %d blocks of "
			       "the page share (a control repeated beside each entry)",
			       st->control[jb]);
	if (jb >= 0 && st->button[jb] && !r->dc.content[i])
		explain_printf(x, EXPLAIN_NOISE, "not added by a rule after the model: all its text "
			       "is a button's, a control the reader presses (no toggle over a panel)");
	if (r->dc.reason[i] == REASON_KIND) {
		/* a heading cc drops comes with the section it heads */
		const char *grid = st->grid_alone || kind == KIND_LISTING || kind == KIND_FORUM ?
				   " and every card of its grid" : "";
		int at = 0;
		bool card = st->kind_grid && page_in_grid(d, &st->sig.page, &at, i);
		const char *in_main = st->kind_main ? " inside the page's main landmark" : "";
		if (jb >= 0 && st->sig.x[jb][F_TAG_HEADING] != 0 &&
		    st->sig.x[jb][F_CC_CONTENT] == 0 && !card)
			explain_printf(x, EXPLAIN_NORMAL, "kept: a heading in cc's content region, "
				       "too short for cc, over a block the %s page keeps",
				       page_kind_names[kind]);
		else if (st->by_date)
			explain_printf(x, EXPLAIN_NORMAL, "kept: a page that names no date (no dated "
				       "article or post) keeps cc's blocks in cc's content region%s%s, "
				       "beside the model's", in_main, grid);
		else if (st->by_sections)
			explain_printf(x, EXPLAIN_NORMAL, "kept: a %s page keeps cc's blocks in cc's "
				       "content region%s where, comments aside, they add twice the text "
				       "the model kept or more (%ld characters to %ld), under a tenth of "
				       "it links (%.0f %%): its sections", page_kind_names[kind], in_main,
				       st->sections_more, st->sections_kept, 100 * st->sections_links);
		else
			explain_printf(x, EXPLAIN_NORMAL, "kept: a %s page keeps cc's blocks in cc's "
				       "content region%s%s, beside the model's", page_kind_names[kind],
				       in_main, grid);
		if (card && st->grid_alone)
			explain_printf(x, EXPLAIN_NORMAL, "kept: a card of its grid, which a %s page "
				       "keeps as a listing does where the model kept none of its text",
				       page_kind_names[kind]);
	}
	struct buf ra, rz;
	buf_init(&ra);
	buf_init(&rz);
	if (r->dc.reason[i] == REASON_HEADING) {
		int j = auto_block_of(st, i), k = j >= 0 ? auto_headed(st, &r->dc, j) : -1;
		if (k >= 0) {
			element_ref(x, d, st->sig.block[k], &ra);
			if (!strcmp(d->tagnames[d->tag[i]], "dt"))
				explain_printf(x, EXPLAIN_NORMAL, "kept: a term in cc's content region, "
					       "straight over its definition's %s, which is kept",
					       ra.data);
			else {
				/* over its subheading, then what that heads, past
				 * the captions the model dropped */
				int sub = -1, cap = -1;
				for (int m = j + 1; m < k; m++) {
					if (st->sig.x[m][F_TAG_HEADING] != 0)
						sub = sub < 0 ? m : sub;
					else
						cap = cap < 0 ? m : cap;
				}
				struct buf rs, rc;
				buf_init(&rs);
				buf_init(&rc);
				if (sub >= 0)
					element_ref(x, d, st->sig.block[sub], &rs);
				if (cap >= 0)
					element_ref(x, d, st->sig.block[cap], &rc);
				bool tg = st->sig.x[j][F_TAG_HEADING] == 0 && auto_toggle(d, &st->sig, j, k);
				explain_printf(x, EXPLAIN_NORMAL, "kept: %s in cc's content "
					       "region, over %s%s%s%s, which is kept%s%s%s",
					       tg ? "a toggle that opens the panel under it (aria-controls, "
					       "aria-expanded or a summary), as a heading" : "a heading",
					       sub >= 0 ? "the heading " : "", sub >= 0 ? rs.data : "",
					       sub >= 0 ? " and " : "", ra.data,
					       cap >= 0 ? ", past the caption " : "",
					       cap >= 0 ? rc.data : "",
					       cap >= 0 ? " the model dropped" : "");
				buf_free(&rs);
				buf_free(&rc);
			}
		} else {
			explain_printf(x, EXPLAIN_NORMAL, "kept: a heading in cc's content region, over "
				       "a block that was kept (a pin drops it now)");
		}
	}
	if (r->dc.reason[i] == REASON_CODE || r->dc.reason[i] == REASON_LIST) {
		enum reason run = (enum reason)r->dc.reason[i];
		const char *what = run == REASON_CODE ? "a code block" : "a list's item";
		int j = auto_block_of(st, i);
		int next = j >= 0 ? auto_run_next(d, st, &r->dc, j, run, NULL) : -1;
		int prev = j >= 0 ? auto_run_prev(d, st, &r->dc, j, run) : -1;
		if (next >= 0 && prev >= 0) {
			element_ref(x, d, st->sig.block[prev], &ra);
			element_ref(x, d, st->sig.block[next], &rz);
			explain_printf(x, EXPLAIN_NORMAL, "kept: %s in cc's content region, between "
				       "kept blocks: %s before it, %s after it", what, ra.data, rz.data);
		} else {
			explain_printf(x, EXPLAIN_NORMAL, "kept: %s in cc's content region, between "
				       "kept blocks (a pin drops one of them now)", what);
		}
	}
	if (jb >= 0 && (r->dc.reason[i] == REASON_TITLE ||
			(r->dc.reason[i] == REASON_NOISE && kind == KIND_LISTING &&
			 st->sig.x[jb][F_TAG_HEADING] != 0 && !st->hidden[jb] &&
			 st->sig.x[jb][F_NEG_TAG] == 0 &&
			 st->sig.x[jb][F_LINK_DENSITY] >= HEADING_LINKS))) {
		int prev, next;
		auto_title_between(st, &r->dc, jb, &prev, &next);
		double links = 100 * st->sig.x[jb][F_LINK_DENSITY];
		if (r->dc.reason[i] == REASON_TITLE && prev >= 0 && next >= 0) {
			element_ref(x, d, prev, &ra);
			element_ref(x, d, next, &rz);
			explain_printf(x, EXPLAIN_NORMAL, "kept: a heading of links (%.0f %% of its "
				       "text) on a listing, between kept blocks: %s before it, %s after "
				       "it: an entry's title, which links to the entry", links, ra.data,
				       rz.data);
		} else if (r->dc.reason[i] == REASON_TITLE) {
			explain_printf(x, EXPLAIN_NORMAL, "kept: a heading of links on a listing, "
				       "between kept blocks (a pin drops one of them now)");
		} else if (prev < 0 || next < 0) {
			explain_printf(x, EXPLAIN_NOISE, "not kept as an entry's title: on a listing, "
				       "a heading of links (%.0f %% of its text) is kept between kept "
				       "blocks, and none is kept %s it", links,
				       prev < 0 && next < 0 ? "before or after" : prev < 0 ? "before" :
				       "after");
		}
	}
	if (r->dc.reason[i] == REASON_ITEM) {
		int l = jb >= 0 ? auto_item_list(d, &st->sig, jb) : -1;
		int k = jb >= 0 ? auto_item_kept(d, st, &r->dc, jb) : -1;
		if (l >= 0 && k >= 0) {
			element_ref(x, d, l, &ra);
			element_ref(x, d, k, &rz);
			explain_printf(x, EXPLAIN_NORMAL, "kept: an item of the list %s, whose item %s "
				       "the model kept: a list is kept whole%s", ra.data, rz.data,
				       kind == KIND_ARTICLE ? " (on an article, its items under half "
				       "links)" : "");
		} else {
			explain_printf(x, EXPLAIN_NORMAL, "kept: an item of a list whose other item "
				       "the model kept (a pin drops it now)");
		}
	}
	if (jb >= 0 && r->dc.reason[i] == REASON_NOISE && kind == KIND_ARTICLE &&
	    !st->hidden[jb] && st->sig.x[jb][F_NEG_TAG] == 0 &&
	    st->sig.x[jb][F_LINK_DENSITY] >= LIST_LINKS) {
		int k = auto_item_kept(d, st, &r->dc, jb);
		if (k >= 0) {
			element_ref(x, d, k, &ra);
			explain_printf(x, EXPLAIN_NOISE, "not kept with its list's item %s, which the "
				       "model kept: on an article, an item %.0f %% links (half or "
				       "more) is a related story's or a share button's", ra.data,
				       100 * st->sig.x[jb][F_LINK_DENSITY]);
		}
	}
	if (r->dc.reason[i] == REASON_BETWEEN) {
		/* the kept blocks the run lies between: the nearest ones kept
		 * for another reason */
		int prev = -1, next = -1;
		for (int k = jb - 1; jb >= 0 && k >= 0 && prev < 0; k--) {
			int b = st->sig.block[k];
			if (r->dc.content[b] && r->dc.reason[b] != REASON_BETWEEN)
				prev = b;
		}
		for (int k = jb + 1; jb >= 0 && k < st->sig.nblocks && next < 0; k++) {
			int b = st->sig.block[k];
			if (r->dc.content[b] && r->dc.reason[b] != REASON_BETWEEN)
				next = b;
		}
		const char *page = kind == KIND_DOCS ? "a documentation page" :
				   "a service page that names no date";
		if (prev >= 0 && next >= 0) {
			element_ref(x, d, prev, &ra);
			element_ref(x, d, next, &rz);
			explain_printf(x, EXPLAIN_NORMAL, "kept: on %s the text runs on between "
				       "kept blocks, %s before it and %s after it, where no block "
				       "between them is in a nav, header, footer, aside, form or menu, "
				       "after the end, or a repeat", page, ra.data, rz.data);
		} else {
			explain_printf(x, EXPLAIN_NORMAL, "kept: on %s the text runs on between "
				       "kept blocks (a pin drops one of them now)", page);
		}
	}
	if (r->dc.reason[i] == REASON_TABLE) {
		/* the cell's own table: a data table holds no other */
		int t = d->parent[i];
		while (t >= 0 && strcmp(d->tagnames[d->tag[t]], "table") != 0)
			t = d->parent[t];
		if (t >= 0 && st->kept_root >= 0 && auto_data_table(d, t) > 0) {
			element_ref(x, d, t, &ra);
			element_ref(x, d, st->kept_root, &rz);
			explain_printf(x, EXPLAIN_NORMAL, "kept: in %s, a table of data (a header "
				       "cell, %d rows of two cells or more: %d or more make one), "
				       "inside %s, the smallest element that holds every kept block, "
				       "and in cc's content region", ra.data, auto_data_table(d, t),
				       TABLE_ROWS, rz.data);
		}
	}
	if (r->dc.reason[i] == REASON_CONTINUED) {
		/* the first kept running prose at its tag path */
		uint64_t *ph = auto_tag_paths(d);
		int like = -1;
		for (int j = 0; j < st->sig.nblocks && like < 0; j++) {
			int b = st->sig.block[j];
			if (b != i && ph[b] == ph[i] && r->dc.content[b] &&
			    r->dc.reason[b] != REASON_CONTINUED && auto_running_prose(st, j))
				like = b;
		}
		free(ph);
		if (like >= 0)
			element_ref(x, d, like, &ra);
		explain_printf(x, EXPLAIN_NORMAL, "kept: text (%d characters or more, under %d%% "
			       "links) that cc keeps, at the tag path of kept running prose (ending "
			       "a sentence), %s: the text goes on there, in a container of its own "
			       "or beside it", CONTINUED_CHARS, (int)(CONTINUED_LINKS * 100 + 0.5f),
			       like >= 0 ? ra.data : "which was kept (a pin drops it now)");
	}
	buf_free(&ra);
	buf_free(&rz);
	if (r->dc.reason[i] == REASON_FALLBACK)
		explain_printf(x, EXPLAIN_NORMAL, "kept: neither the model nor any rule after it "
			       "kept a block of this page, so every shown block in no nav, header, "
			       "footer, aside, form or menu, and not of links alone, is kept (an "
			       "index, a list of names)");
	if (r->dc.reason[i] == REASON_GRID)
		explain_printf(x, EXPLAIN_NORMAL, "kept: a card of the page's grid of %d items (one "
			       "tag and class), of whose %ld characters the model kept %ld (a third or "
			       "more) in %d cards (2 or more)", st->sig.page.ngrid, st->grid_chars,
			       st->grid_kept, st->grid_cards);
	/* and what the end rule found the model had dropped already, which
	 * the later rules leave too */
	bool after_end = jb >= 0 && st->after_end[jb] && r->dc.reason[i] == REASON_NOISE;
	if (r->dc.reason[i] == REASON_END || after_end) {
		const char *verb = after_end ? "not added by a rule after the model" : "dropped";
		bool reviews, empty;
		int h = auto_end_heading(d, st, i, &reviews, &empty);
		if (h == i && empty) {
			explain_printf(x, EXPLAIN_NOISE, "%s: its text heads %s, but what it heads "
				       "holds no text (a box a script fills in), so it ends nothing",
				       verb, reviews ? "the buyers' reviews" :
				       "related stories or comments");
		} else if (h == i) {
			explain_printf(x, EXPLAIN_NOISE, "%s: its text heads %s, which end the %s",
				       verb, reviews ? "the buyers' reviews" :
				       "related stories or comments",
				       reviews ? "product's page" : "article");
		} else if (h >= 0) {
			struct buf l;
			buf_init(&l);
			element_ref(x, d, h, &l);
			explain_printf(x, EXPLAIN_NOISE, "%s: after %s, whose text ends the %s, in "
				       "what it heads", verb, l.data,
				       reviews ? "product's page (its buyers' reviews)" : "article");
			buf_free(&l);
		}
	}
	if (r->dc.reason[i] == REASON_SIGNUP) {
		int box = -1, field = auto_signup_field(d, st, i, &box);
		if (field >= 0) {
			struct buf l, b;
			buf_init(&l);
			buf_init(&b);
			element_ref(x, d, field, &l);
			element_ref(x, d, box, &b);
			explain_printf(x, EXPLAIN_NOISE, "dropped: in a sign-up box, %s, around the "
				       "e-mail field %s: %d characters of text (%d at most), no block "
				       "over %d, no h1; what the box says is about the box",
				       b.data, l.data, st->m->TA[box] + st->m->LT[box], SIGNUP_CHARS,
				       SIGNUP_LINE);
			buf_free(&l);
			buf_free(&b);
		}
	}
	if (r->dc.reason[i] == REASON_OUTLIER) {
		/* the run, not the probability, dropped it */
		if (st->run_first >= 0)
			explain_printf(x, EXPLAIN_NOISE, "dropped: outside the best run of blocks in "
				       "reading order (lines %d-%d, the largest sum of (p - T) x "
				       "characters, a gain in a footer, nav, aside or form taken x %g; "
				       "auto.grow), and p %.2f < %.2f, which keeps a block "
				       "anywhere", d->line[st->run_first], d->line[st->run_last],
				       AUTO_RUN_NEG, st->score[i], AUTO_SURE);
		else
			explain_printf(x, EXPLAIN_NOISE, "dropped: no run of blocks in reading order "
				       "gains (every block's p - T is 0 or less), and p %.2f < %.2f, "
				       "which keeps a block anywhere", st->score[i], AUTO_SURE);
	}
	if (jb >= 0 && st->off_run[jb] && r->dc.content[i] && st->run_first >= 0) {
		struct buf l;
		buf_init(&l);
		explain_label(x, d, st->sig.page.main, &l);
		explain_printf(x, EXPLAIN_NORMAL, "kept: outside the best run of blocks in reading "
			       "order (lines %d-%d), but in the page's main landmark, %s (line %d), "
			       "where a %s page keeps the blocks the model kept wherever they stand "
			       "(its items, its offer, its specifications)", d->line[st->run_first],
			       d->line[st->run_last], l.data, d->line[st->sig.page.main],
			       page_kind_names[kind]);
		buf_free(&l);
	}
	if (st->recur && st->recur[i] >= 0)
		site_explain(r, st, i, x);
	if (st->sig.core >= 0) {
		struct buf b;
		buf_init(&b);
		explain_label(x, d, st->sig.core, &b);
		explain_printf(x, EXPLAIN_NORMAL, "%s the core (line %d): %s",
			       dom_contains(d, st->sig.core, i) ? "inside" : "outside",
			       d->line[st->sig.core], b.data);
		buf_free(&b);
	}
	double c[F_COUNT], z = 0;
	if (auto_contributions(st, i, c) < 0)
		return;
	int order[F_COUNT];
	for (int k = 0; k < F_COUNT; k++) {
		order[k] = k;
		z += c[k];
	}
	/* insertion sort by |contribution|, descending: a few dozen entries */
	for (int a = 1; a < F_COUNT; a++)
		for (int b = a; b > 0 && fabs(c[order[b]]) > fabs(c[order[b - 1]]); b--) {
			int t = order[b];
			order[b] = order[b - 1];
			order[b - 1] = t;
		}
	explain_printf(x, EXPLAIN_HEADING, "signals, sum %.2f = logit", z);
	explain_printf(x, EXPLAIN_DIM, "%s", st->stage == 1 ? "  (first stage: weight x value)" :
		       "  (tree steps; bias: base + roots)");
	/* the block's own signal values, to show beside their shares */
	int j = auto_block_of(st, i);
	const float *v = j >= 0 ? st->sig.x[j] : NULL;
	for (int k = 0; k < F_COUNT; k++) {
		int f = order[k];
		if (c[f] == 0)
			continue;
		double val = v ? (double)v[f] : 0.0;
		explain_printf(x, c[f] > 0 ? EXPLAIN_NORMAL : EXPLAIN_DIM, "  %+6.2f  %s = %.3g: %s",
			       c[f], feature_names[f], val,
			       val == 0 ? feature_zero_meanings[f] : feature_meanings[f]);
	}
	/* the two stages side by side: what the trees made of the first's */
	if (st->stage == 2 && j >= 0)
		explain_printf(x, EXPLAIN_DIM, "the first stage gave it p1 %.2f %s T, the "
				       "trees %.2f", st->p1[j], st->p1[j] >= p->auto_T ? x->ge : "<",
				       st->p2[j]);
}

/* auto.kind's values: auto, then page_kind_names in their order */
static const char *const auto_kinds[] = {
	"auto", "article", "forum", "documentation", "product", "listing", "service", NULL
};

static const struct param_desc auto_params[] = {
	{ "auto.T", "auto", PARAM_DOUBLE, false, PARAM_OFF(auto_T), 0.5, 0, 1, 0.01,
	  "probability at which a block is content", NULL, NULL },
	{ "auto.grow", "auto", PARAM_BOOL, false, PARAM_OFF(auto_grow), 1, 0, 1, 1,
	  "reading order: the best run of blocks, ended by a related or comments heading (on/off)",
	  NULL, NULL },
	{ "auto.thread", "auto", PARAM_BOOL, true, PARAM_OFF(auto_thread), 1, 0, 1, 1,
	  "a forum thread found by its structure keeps every post's message (on/off)", NULL, NULL },
	{ "auto.duplicate", "auto", PARAM_BOOL, true, PARAM_OFF(auto_duplicate), 1, 0, 1, 1,
	  "a block whose text is already kept is dropped (on/off)", NULL, NULL },
	{ "auto.end", "auto", PARAM_BOOL, true, PARAM_OFF(auto_end), 1, 0, 1, 1,
	  "with grow, a heading over related stories or comments ends the article (on/off)",
	  NULL, NULL },
	{ "auto.trees", "auto", PARAM_BOOL, true, PARAM_OFF(auto_trees), 1, 0, 1, 1,
	  "the second stage's trees decide; off: the first stage alone (the step mode)",
	  NULL, NULL },
	{ "auto.kind", "auto", PARAM_ENUM, true, PARAM_OFF(auto_kind), 0, 0, KIND_COUNT, 1,
	  "the kind of page: auto (decided), article, forum, documentation, product, listing "
	  "or service; documentation, listing and service keep cc's blocks in its region too",
	  auto_kinds, NULL },
	{ "auto.model", "auto", PARAM_FILE, false, PARAM_OFF(auto_model), 0, 0, 0, 1,
	  "the model file to read instead of the built-in model", NULL, auto_model_keep },
};

/* Stages, in decide_auto's order: the first stage alone, then the
 * trees, then each turns on one more of the rules after the model (never
 * one the user turned off).  The signals decide nothing of their own:
 * the first stage is the first decision made from them. */
static void
auto_stage(struct params *p, int k)
{
	if (k < 6)
		p->auto_thread = 0;
	if (k < 5)
		p->auto_end = 0;
	if (k < 4)
		p->auto_grow = 0;
	if (k < 3)
		p->auto_duplicate = 0;
	if (k < 2)
		p->auto_trees = 0;
}

static const struct method_step auto_steps[] = {
	{ "the first stage: base signals weighed, p1 >= auto.T", auto_stage },
	{ "the trees: every signal, p >= auto.T", auto_stage },
	{ "repeats: a block whose text is already kept is dropped", auto_stage },
	{ "reading order: the best run of blocks", auto_stage },
	{ "the end: a heading over related stories or comments", auto_stage },
	{ "forum thread: every post's message", auto_stage },
};
#define AUTO_NSTEPS ((int)(sizeof auto_steps / sizeof auto_steps[0]))

/* Stage k's name with what the page made of it: the trees that gave no
 * block 1/2, the run's lines, the thread found or the kind of page. */
static int
auto_stages(const void *state, const struct page *pg, int k, struct buf *b)
{
	const struct auto_state *st = state;
	if (!b || k < 1 || k > AUTO_NSTEPS)
		return AUTO_NSTEPS;
	buf_adds(b, auto_steps[k - 1].name);
	if (!st)
		return AUTO_NSTEPS;
	const struct dom *d = pg->dom;
	if (k == 2 && st->stage == 1)
		buf_adds(b, st->trees_even ? ", but auto.trees is off: the first stage stands" :
			 ", but the trees gave no block 1/2: the first stage stands");
	else if (k == 4 && st->run_first >= 0 && d->line[st->run_first] == d->line[st->run_last])
		buf_printf(b, " (line %d)", d->line[st->run_first]);
	else if (k == 4 && st->run_first >= 0)
		buf_printf(b, " (lines %d-%d)", d->line[st->run_first], d->line[st->run_last]);
	else if (k == 4)
		buf_adds(b, ": none gains, every block's p - T is 0 or less");
	else if (k == 6 && st->thread.nposts > 0)
		buf_printf(b, st->thread.opening ? " (an opening post and %d posts of one shape: a "
			   "forum page)" : " (%d posts of one shape: a forum page)",
			   st->thread.nposts - st->thread.opening);
	else if (k == 6 && st->thread_cache.refused_posts > 0) {
		const struct thread_cache *c = &st->thread_cache;
		buf_printf(b, ": none found (%s%d posts of one shape, whose messages hold %ld of "
			   "%ld kept characters: under %d %%); the page's kind: %s",
			   c->refused_opening ? "an opening post and " : "",
			   c->refused_posts - c->refused_opening, c->refused_msg, c->refused_kept,
			   (int)(THREAD_KEPT * 100), page_kind_names[st->sig.kind]);
	}
	else if (k == 6)
		buf_printf(b, ": none found; the page's kind: %s", page_kind_names[st->sig.kind]);
	return AUTO_NSTEPS;
}

static const enum reason auto_reasons[] = {
	REASON_AUTO, REASON_NOISE, REASON_OUTLIER, REASON_DUPLICATE, REASON_THREAD, REASON_POST_PART, REASON_END, REASON_SIGNUP, REASON_TEMPLATE, REASON_SITE,
	REASON_KIND, REASON_GRID, REASON_HEADING, REASON_TITLE, REASON_CODE, REASON_LIST, REASON_ITEM, REASON_TABLE,
	REASON_CONTINUED, REASON_BETWEEN, REASON_FALLBACK,
};

const struct method method_auto = {
	.name = "auto",
	.summary = "every signal combined per block by a learnt model (the default)",
	.params = auto_params,
	.nparams = sizeof auto_params / sizeof auto_params[0],
	.reasons = auto_reasons,
	.nreasons = sizeof auto_reasons / sizeof auto_reasons[0],
	.needs_dom = true,
	.site_pages = SITE_SIBLINGS,
	.min_site = 1,
	.site_new = auto_site_new,
	.site_free = auto_site_free,
	.decide = auto_decide,
	.state_free = auto_free,
	.columns = auto_columns,
	.ncolumns = 1,
	.decided = auto_decided,
	.site_signals_of = auto_site_signals_of,
	.explain = auto_explain,
	.steps = auto_steps,
	.nsteps = AUTO_NSTEPS,
	.stages = auto_stages,
	.report = auto_report,
	.json = auto_json,
	.status = auto_status,
};
