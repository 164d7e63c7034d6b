/* run.c - one page through one method, for every front-end. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "run.h"
#include "score.h"
#include "rules/xpath.h"

void
run_init(struct run *r)
{
	memset(r, 0, sizeof *r);
	buf_init(&r->text);
}

static void
drop_state(struct run *r)
{
	if (r->state && r->state_of && r->state_of->state_free)
		r->state_of->state_free(r->state);
	r->state = NULL;
	r->state_of = NULL;
}

void
run_free(struct run *r)
{
	drop_state(r);
	if (r->dc.content)
		decision_free(&r->dc);
	free(r->mask);
	free(r->line_keep);
	free(r->line_group);
	buf_free(&r->text);
	if (r->rule)
		rules_outcome_free(&r->outcome);
	memset(r, 0, sizeof *r);
}

static void
set_meta(char **field, const char **from, const char *v)
{
	if (!v)
		return;
	free(*field);
	*field = xstrdup(v);
	*from = "rule";
}

/* The text nodes left out whatever their block: a rule's text strips
 * where its body decided; where the method did (no rule, or no body:
 * line matched), the method's own (auto: signatures in a post's
 * message) and the rule's strips together. */
static const uint8_t *
text_drop(struct run *r, const struct dom *d)
{
	const uint8_t *rule = r->rule ? r->outcome.text_drop : NULL;
	if (r->rule && r->outcome.body_line)
		return rule;
	if (!r->dc.text_drop)
		return rule;
	if (rule)
		for (int t = 0; t < d->ntexts; t++)
			r->dc.text_drop[t] |= rule[t];
	return r->dc.text_drop;
}

void
run_page(struct run *r, struct page *pg, const struct run_input *in)
{
	const struct method *m = in->method;
	const struct dom *d = pg->dom;
	int n = d ? d->n : 0;
	if (!r->dc.content || r->dc.n != n) {
		if (r->dc.content)
			decision_free(&r->dc);
		decision_init(&r->dc, n);
		free(r->mask);
		r->mask = xcalloc((size_t)n + 1, 1);
	}
	if (r->state_of != m)
		drop_state(r);
	if (r->rule)
		rules_outcome_free(&r->outcome);
	r->rule = NULL;
	r->method = m;
	r->text.len = 0;
	/* a method that leaves no text nodes out sets none: none is left
	 * from another method's run */
	free(r->dc.text_drop);
	r->dc.text_drop = NULL;
	memset(r->mask, 0, (size_t)n + 1);
	r->masked = false;

	/* A site rule whose body: matches (on what its strip: lines leave)
	 * decides instead of the method. */
	bool decide = true;
	if (in->rule && d) {
		struct xpath_doc *x = xpath_doc_new(d);
		rules_select(in->rule, d, x, (in->ftr_only ? RULES_FTR : 0) | in->rule_how, &r->outcome,
			     in->diag, in->diag_ctx);
		/* where no body: selects, an ftr reader runs its own detection
		 * (autodetect_on_failure, on by default): the method stands in
		 * for it, as it does for pith */
		decide = !r->outcome.nbody &&
			 (in->rule->autodetect_on_failure || in->rule->body.n == 0 ||
			  xpath_over_budget(x));
		xpath_doc_free(x);
		r->rule = in->rule;
	}
	r->by_rule = !decide;
	if (decide) {
		m->decide(pg, in->site, in->index, pg->name, in->params, &r->state, &r->dc);
		r->state_of = m;
	}
	if (r->rule) {
		rules_decide(&r->outcome, d, in->pins, &r->dc, decide, in->ftr_only, r->mask);
		set_meta(&pg->meta.title, &pg->meta.title_from, r->outcome.title);
		set_meta(&pg->meta.date, &pg->meta.date_from, r->outcome.date);
		set_meta(&pg->meta.author, &pg->meta.author_from, r->outcome.author);
	} else if (in->pins && d) {
		decide_apply_pins(d, in->pins, &r->dc, r->mask);
	}
	for (int i = 0; i < n && !r->masked; i++)
		r->masked = r->mask[i] != 0;

	r->by_lines = decide && m->text;
	if (r->by_lines)
		m->text(r, pg, in->params, r->masked ? r->mask : NULL);
	else if (d)
		extract_text_drop(d, r->dc.content, r->masked ? r->mask : NULL,
				  text_drop(r, d), &r->text, in->spans);
	if (!r->text.data)
		buf_adds(&r->text, "");
}

int *
run_last_lines(const struct dom *d)
{
	int n = d->n;
	int *last = xcalloc((size_t)n + 1, sizeof(int));
	for (int i = 0; i < n; i++)
		last[i] = d->line[i];
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		int l = x->line;
		const char *s = dom_text(d, t), *e = s + x->len;
		while ((s = memchr(s, '\n', (size_t)(e - s))) != NULL) {
			l++;
			s++;
		}
		if (x->elem >= 0 && x->elem < n && l > last[x->elem])
			last[x->elem] = l;
	}
	for (int i = n - 1; i >= 0; i--) {
		int p = d->parent[i];
		if (p >= 0 && last[i] > last[p])
			last[p] = last[i];
	}
	return last;
}

void *
run_site_new(const struct method *m, const struct site_pages *sp,
	     const struct params *p, FILE *verbose)
{
	if (!m->site_new)
		return NULL;
	int loaded = 0;
	for (int i = 0; i < sp->n; i++)
		loaded += sp->pages[i].dom != NULL;
	if (sp->n < m->min_site || loaded == 0)
		return NULL;
	return m->site_new(sp, p, verbose);
}

void
run_site_free(const struct method *m, void *site)
{
	if (site && m->site_free)
		m->site_free(site);
}

void
run_rule_check(struct page *pg, const struct rule *rule, const struct method *m,
	       const struct params *p, const char *text, size_t len, double *f_ftr,
	       double *f_pith)
{
	struct charbag *bag = charbag_new(text, len);
	/* as pith extract --rules, then as graby and as Full-Text RSS read
	 * strip_id_or_class: the other readers' figure is the worse of two */
	static const struct { bool ftr; unsigned how; } ways[] = {
		{ false, 0 }, { true, 0 }, { true, RULES_CLASS_SUBSTRING },
	};
	*f_ftr = 1;
	for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
		if (w == 2 && !rule->strip_id_or_class.n)
			break;
		struct run r;
		run_init(&r);
		struct run_input in = {
			.method = m, .params = p, .index = -1, .rule = rule,
			.ftr_only = ways[w].ftr, .rule_how = ways[w].how,
		};
		run_page(&r, pg, &in);
		double f = charbag_score(bag, r.text.data, r.text.len).F;
		if (len == 0 && r.text.len == 0)
			f = 1;
		if (!ways[w].ftr)
			*f_pith = f;
		else if (f < *f_ftr)
			*f_ftr = f;
		run_free(&r);
	}
	charbag_free(bag);
}
