/* learn-pins.c - the user's pins made lines of the rule: a pin that the
 * learnt body: and strip: lines do not already reproduce gets the strip:
 * (pinned out) or the body: branch (pinned in) that makes it so, chosen
 * among expressions that take no text the screen keeps (or keep none it
 * drops) on any page; a pin no expression can reproduce is named, with
 * the page and the reason. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/learn.h"
#include "rules/learn-int.h"
#include "rules/rules-int.h"
#include "run.h"

uint8_t *
learn_kept_texts(const struct run *r, const struct dom *d)
{
	uint8_t *k = xcalloc((size_t)d->ntexts + 1, 1);
	const uint8_t *drop = r->rule ? r->outcome.text_drop : NULL;
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & (TEXT_SKIP | TEXT_BREAK) || x->elem < 0 || (drop && drop[t]))
			continue;
		k[t] = r->masked && r->mask[x->elem] ? r->mask[x->elem] == 1 : r->dc.content[x->block];
	}
	return k;
}

void
learn_run_rule(struct run *run, struct page *pg, const struct rule *r, const struct method *m,
	       const struct params *p)
{
	/* a run with the rule puts its title:, date: and author: in the
	 * page's metadata: the page keeps its own */
	struct page_meta keep = pg->meta;
	pg->meta.title = keep.title ? xstrdup(keep.title) : NULL;
	pg->meta.date = keep.date ? xstrdup(keep.date) : NULL;
	pg->meta.author = keep.author ? xstrdup(keep.author) : NULL;
	run_init(run);
	struct run_input in = { .method = m, .params = p, .index = -1, .rule = r };
	run_page(run, pg, &in);
	free(pg->meta.title);
	free(pg->meta.date);
	free(pg->meta.author);
	pg->meta = keep;
}

/* Text a reader sees: not in script or style, not white space alone. */
static bool
visible(const struct dom *d, int t)
{
	const struct dom_text *x = &d->texts[t];
	if (x->flags & (TEXT_SKIP | TEXT_BREAK) || x->elem < 0)
		return false;
	const char *s = dom_text(d, t);
	for (size_t i = 0; i < x->len; i++)
		if (!isspace((unsigned char)s[i]))
			return true;
	return false;
}

/* One page as the pins see it. */
struct pp {
	const struct dom *d;
	struct xpath_doc *x;
	int *end;                /* one past each element's last descendant */
	int *src;                /* per text node: its nearest pinned element, -1 */
	const uint8_t *screen;   /* per text node: kept on screen */
	uint8_t *rule;           /* per text node: kept by the rule as it stands */
	uint8_t *cut;            /* per element: taken out by a strip: before
				    the pins' lines */
	const char *name;
};

static void
pp_init(struct pp *p, const struct learn_page *lp, const uint8_t *screen)
{
	const struct dom *d = lp->pg->dom;
	memset(p, 0, sizeof *p);
	p->d = d;
	p->screen = screen;
	p->name = lp->file ? lp->file : lp->url;
	p->x = xpath_doc_new(d);
	p->cut = xcalloc((size_t)d->n + 1, 1);
	p->end = xmalloc(((size_t)d->n + 1) * sizeof *p->end);
	for (int i = 0; i < d->n; i++)
		p->end[i] = i + 1;
	for (int i = d->n - 1; i > 0; i--)
		if (d->parent[i] >= 0 && p->end[i] > p->end[d->parent[i]])
			p->end[d->parent[i]] = p->end[i];
	int *near = xmalloc(((size_t)d->n + 1) * sizeof *near);
	for (int i = 0; i < d->n; i++) {
		int par = d->parent[i];
		near[i] = lp->pins && lp->pins[i] ? i : par >= 0 ? near[par] : -1;
	}
	p->src = xmalloc(((size_t)d->ntexts + 1) * sizeof *p->src);
	for (int t = 0; t < d->ntexts; t++)
		p->src[t] = d->texts[t].elem >= 0 ? near[d->texts[t].elem] : -1;
	free(near);
}

static void
pp_free(struct pp *p)
{
	xpath_doc_free(p->x);
	free(p->end);
	free(p->src);
	free(p->rule);
	free(p->cut);
}

/* Is strip: line l one that the pins' lines come after: the file's
 * own, or a pin's? */
static bool
before_pins(const struct rule_line *l, const struct cands *mine)
{
	if (l->src)
		return true;
	for (int k = 0; k < mine->n; k++)
		if (!strcmp(mine->v[k], l->value))
			return true;
	return false;
}

/* What the rule keeps on every page, as pith extract --rules runs it;
 * and each page's tree as the strip: lines before the pins' own leave
 * it, where the next pin's line is evaluated (readers apply each
 * strip: to the tree the ones before it left). */
static void
rule_kept(struct pp *pp, const struct learn_page *pages, int n, struct rule *r,
	  const struct method *m, const struct params *p, const struct cands *mine)
{
	rule_index(r);
	for (int i = 0; i < n; i++) {
		if (!pp[i].d)
			continue;
		xpath_restore(pp[i].x);
		memset(pp[i].cut, 0, (size_t)pp[i].d->n + 1);
		for (int k = 0; k < r->nlines; k++) {
			const struct rule_line *l = &r->lines[k];
			if (l->kind != RULE_DIRECTIVE || strcmp(l->name, "strip") || !before_pins(l, mine))
				continue;
			int *ids = NULL, *texts = NULL, nt;
			char err[300];
			int got = xpath_strip(pp[i].x, l->value, &ids, &texts, &nt, err, sizeof err);
			for (int j = 0; j < got; j++)
				pp[i].cut[ids[j]] = 1;
			free(ids);
			free(texts);
		}
		struct run run;
		learn_run_rule(&run, pages[i].pg, r, m, p);
		free(pp[i].rule);
		pp[i].rule = learn_kept_texts(&run, pp[i].d);
		run_free(&run);
	}
}

/* Where the pins' strip: lines go: before the first the learner added
 * (after the file's and the pins' own), so that each is evaluated on
 * the tree the pages show less only those. */
static int
pins_place(const struct rule *r, const struct cands *mine)
{
	for (int k = 0; k < r->nlines; k++) {
		const struct rule_line *l = &r->lines[k];
		if (l->kind == RULE_DIRECTIVE && !strcmp(l->name, "strip") && !before_pins(l, mine))
			return k;
	}
	return r->nlines;
}

/* The steps from anc down to e, each position counted among the
 * siblings a strip: has not taken out. */
static void
steps_below(const struct pp *p, int anc, int e, struct buf *out)
{
	const struct dom *d = p->d;
	int path[256], k = 0;
	for (; e != anc && e >= 0 && k < 256; e = d->parent[e])
		path[k++] = e;
	while (k-- > 0) {
		int x = path[k], pos = 0, par = d->parent[x];
		for (int s = par >= 0 ? d->first_child[par] : x; s >= 0; s = d->next_sibling[s]) {
			if (d->tag[s] == d->tag[x] && !p->cut[s])
				pos++;
			if (s == x)
				break;
		}
		buf_printf(out, "/%s[%d]", dom_tagname(d, x), pos);
	}
}

/* Visible text nodes of pin e whose fate under the rule is not the
 * screen's. */
static int
pin_wrong(const struct pp *p, int e)
{
	int wrong = 0;
	for (int t = p->d->text_begin[e]; t < p->d->ntexts && p->d->texts[t].elem < p->end[e]; t++)
		if (p->src[t] == e && visible(p->d, t) && !p->rule[t] != !p->screen[t])
			wrong++;
	return wrong;
}

/* On page q, what expr selects holds text the screen keeps (for a
 * strip) or drops (for a body branch): the count of such text nodes. */
static int
conflicts(struct pp *q, const char *expr, bool strip)
{
	int *ids = NULL;
	char err[300];
	int n = xpath_select_nodes(q->x, expr, true, &ids, err, sizeof err);
	int bad = n < 0 ? 1 : 0;
	int edge = -1;
	for (int k = 0; k < n; k++) {
		int e = ids[k];
		if (e < edge)
			continue;       /* inside one counted already */
		edge = q->end[e];
		for (int t = q->d->text_begin[e]; t < q->d->ntexts && q->d->texts[t].elem < q->end[e];
		     t++)
			if (visible(q->d, t) && (strip ? q->screen[t] != 0 : q->screen[t] == 0))
				bad++;
	}
	free(ids);
	return bad;
}

/* Does expr select e on p (e itself, or an element holding it)? */
static bool
selects(struct pp *p, const char *expr, int e)
{
	int *ids = NULL;
	char err[300];
	int n = xpath_select_nodes(p->x, expr, true, &ids, err, sizeof err);
	bool hit = false;
	for (int k = 0; k < n && !hit; k++)
		hit = ids[k] <= e && e < p->end[ids[k]];
	free(ids);
	return hit;
}

/* How many pins of the same kind, on every page, expr reproduces. */
static int
pins_served(struct pp *pp, const struct learn_page *pages, int n, const char *expr,
	    enum pin kind)
{
	int served = 0;
	for (int j = 0; j < n; j++) {
		if (!pp[j].d || !pages[j].pins)
			continue;
		int *ids = NULL;
		char err[300];
		int k = xpath_select_nodes(pp[j].x, expr, true, &ids, err, sizeof err);
		for (int a = 0; a < k; a++)
			served += pages[j].pins[ids[a]] == kind;
		free(ids);
	}
	return served;
}

/* Expressions for pinned element e, the most readable first: its own
 * attributes; for a pin out its text, which takes nothing from another
 * page; then a path from a stable ancestor, which wins only where it
 * serves more pins than the text (the same place pinned on every page):
 * on a page not loaded, that place may hold what is kept. */
static void
pin_cands(const struct pp *p, int e, bool out, struct cands *c)
{
	const struct dom *d = p->d;
	learn_own_cands(d, e, out, c);
	if (!out)
		learn_own_cands(d, e, true, c);
	if (out)
		learn_text_patterns(d, e, dom_tagname(d, e), c);
	struct buf b;
	buf_init(&b);
	int anc;
	if (learn_anchor_expr(d, e, &anc, &b)) {
		steps_below(p, anc, e, &b);
		learn_cand_add(c, b.data);
	}
	buf_free(&b);
}

/* The line for a pin: out, the strip: that selects e on page i and no
 * text the screen keeps on any page; in, the body: branch that selects
 * it and nothing the screen drops on any page; of those, the one serving
 * the most pins.  NULL and why when there is none. */
static char *
line_for(struct pp *pp, const struct learn_page *pages, int n, int i, int e, bool out,
	 char *why, size_t whylen, int *blocked)
{
	struct cands c = { 0 };
	pin_cands(&pp[i], e, out, &c);
	char *best = NULL;
	int best_served = -1, blocker = -1;
	for (int k = 0; k < c.n; k++) {
		if (!selects(&pp[i], c.v[k], e))
			continue;
		int bad_page = -1;
		for (int j = 0; j < n && bad_page < 0; j++)
			if (pp[j].d && conflicts(&pp[j], c.v[k], out))
				bad_page = j;
		if (bad_page >= 0) {
			if (blocker < 0)
				blocker = bad_page;
			continue;
		}
		int s = pins_served(pp, pages, n, c.v[k], out ? PIN_OUT : PIN_IN);
		if (s > best_served) {
			best_served = s;
			free(best);
			best = xstrdup(c.v[k]);
		}
	}
	const char *other = blocker >= 0 && pp[blocker].name ? pp[blocker].name : "another page";
	if (!best && blocker >= 0)
		snprintf(why, whylen, out ? "every expression that selects it also takes text kept on %s" :
			 "every expression that selects it also keeps text dropped on %s", other);
	else if (!best)
		snprintf(why, whylen, "%s", out ? "no id, class, position under a stable ancestor or "
			 "text selects it" : "no id, class or position under a stable ancestor selects it");
	*blocked = best ? -1 : blocker;
	learn_cands_free(&c);
	return best;
}

/* The body: line that served page i, as the rule's line index; -1. */
static int
serving_body(const struct rule *r, struct pp *p)
{
	for (int k = 0; k < r->nlines; k++) {
		const struct rule_line *l = &r->lines[k];
		if (l->kind != RULE_DIRECTIVE || strcmp(l->name, "body"))
			continue;
		int *ids = NULL;
		char err[300];
		int got = xpath_select_nodes(p->x, l->value, true, &ids, err, sizeof err);
		free(ids);
		if (got > 0)
			return k;
	}
	return -1;
}

static bool
is_line(const struct rule_line *l, void *ctx)
{
	return l == ctx;
}

/* The branch joined to the body: line that served the page: a line the
 * learner added is replaced, a line of the file stays after the new one
 * (a hand-written line is never dropped). */
static bool
join_body(struct rule *r, struct pp *p, const char *branch)
{
	int k = serving_body(r, p);
	if (k < 0)
		return false;
	struct buf v;
	buf_init(&v);
	buf_printf(&v, "%s | %s", r->lines[k].value, branch);
	bool ours = !r->lines[k].src;
	if (strlen(v.data) > XPATH_MAX_EXPR) {
		buf_free(&v);
		return false;
	}
	rule_insert(r, k, "body", v.data);
	if (ours)
		rule_drop(r, is_line, &r->lines[k + 1]);
	buf_free(&v);
	return true;
}

/* Has r a name: line of value v already (a body: branch: any body:
 * line holding it)? */
static bool
has_line(const struct rule *r, const char *name, const char *v)
{
	for (int k = 0; k < r->nlines; k++) {
		const struct rule_line *l = &r->lines[k];
		if (l->kind != RULE_DIRECTIVE)
			continue;
		if (name ? !strcmp(l->name, name) && !strcmp(l->value, v) :
			   !strcmp(l->name, "body") && strstr(l->value, v))
			return true;
	}
	return false;
}

static void
say_pin(struct buf *out, const struct pp *p, int e, bool in, const char *why)
{
	struct buf l;
	buf_init(&l);
	const char *idv = dom_attr(p->d, e, "id"), *cls = dom_attr(p->d, e, "class");
	buf_printf(&l, "%s", dom_tagname(p->d, e));
	if (idv)
		buf_printf(&l, "#%s", idv);
	if (cls)
		buf_printf(&l, ".%s", cls);
	buf_printf(out, "pin %s %s on %s: %s\n", in ? "in" : "out", l.data,
		   p->name ? p->name : "the page", why);
	buf_free(&l);
}

/* Does the rule give page p other text than the screen? */
static bool
page_wrong(const struct pp *p)
{
	for (int t = 0; t < p->d->ntexts; t++)
		if (visible(p->d, t) && !p->rule[t] != !p->screen[t])
			return true;
	return false;
}

/* The pins the rule reproduces only at another page's cost: no
 * expression for the pin spares every page, and that page's text is not
 * its screen's (a box pinned in on one page, dropped on another).
 * Each named in why; the count. */
static int
costly_pins(struct pp *pp, const struct learn_page *pages, int n, struct buf *why)
{
	int named = 0;
	for (int i = 0; i < n; i++) {
		if (!pp[i].d || !pages[i].pins)
			continue;
		for (int e = 0; e < pp[i].d->n; e++) {
			int kind = pages[i].pins[e];
			if (kind == PIN_NONE || pin_wrong(&pp[i], e))
				continue;
			char reason[512] = "";
			int j;
			char *line = line_for(pp, pages, n, i, e, kind == PIN_OUT, reason,
					      sizeof reason, &j);
			bool costly = !line && j >= 0 && j != i && page_wrong(&pp[j]);
			if (costly) {
				say_pin(why, &pp[i], e, kind == PIN_IN, reason);
				named++;
			}
			free(line);
		}
	}
	return named;
}

int
learn_pin_lines(const struct learn_page *pages, int n, const uint8_t *const *screen,
		struct rule *r, const struct method *m, const struct params *p,
		struct buf *log, struct buf *why)
{
	bool any = false;
	for (int i = 0; i < n; i++)
		for (int e = 0; pages[i].pins && pages[i].pg->dom && e < pages[i].pg->dom->n; e++)
			any |= pages[i].pins[e] != PIN_NONE;
	if (!any)
		return 0;
	struct pp *pp = xcalloc((size_t)n + 1, sizeof *pp);
	for (int i = 0; i < n; i++)
		if (pages[i].pg->dom && screen[i])
			pp_init(&pp[i], &pages[i], screen[i]);
	int added = 0, unexpressed = 0;
	struct cands mine = { 0 };
	rule_kept(pp, pages, n, r, m, p, &mine);
	for (int i = 0; i < n; i++) {
		if (!pp[i].d || !pages[i].pins)
			continue;
		for (int e = 0; e < pp[i].d->n; e++) {
			int kind = pages[i].pins[e];
			if (kind == PIN_NONE || !pin_wrong(&pp[i], e))
				continue;
			char reason[512] = "";
			int blocked;
			char *line = line_for(pp, pages, n, i, e, kind == PIN_OUT, reason,
					      sizeof reason, &blocked);
			bool done = false;
			if (line && has_line(r, kind == PIN_OUT ? "strip" : NULL, line)) {
				snprintf(reason, sizeof reason, "a line of the file takes precedence "
					 "over the line made for it");
			} else if (line && kind == PIN_OUT) {
				rule_insert(r, pins_place(r, &mine), "strip", line);
				learn_cand_add(&mine, line);
				done = true;
			} else if (line) {
				done = join_body(r, &pp[i], line);
				if (!done)
					snprintf(reason, sizeof reason, "no body: line serves the page");
			}
			if (done) {
				rule_kept(pp, pages, n, r, m, p, &mine);
				if (log)
					buf_printf(log, "%s: %s (a pin %s on %s)\n",
						   kind == PIN_OUT ? "strip" : "body", line,
						   kind == PIN_OUT ? "out" : "in",
						   pp[i].name ? pp[i].name : "the page");
				added++;
				if (pin_wrong(&pp[i], e)) {
					snprintf(reason, sizeof reason, "a line of the file takes "
						 "precedence over the line made for it");
					done = false;
				}
			}
			if (!done) {
				say_pin(why, &pp[i], e, kind == PIN_IN, reason);
				unexpressed++;
			}
			free(line);
		}
	}
	unexpressed += costly_pins(pp, pages, n, why);
	for (int i = 0; i < n; i++)
		if (pp[i].d)
			pp_free(&pp[i]);
	free(pp);
	learn_cands_free(&mine);
	rule_index(r);
	(void)added;
	return unexpressed;
}
