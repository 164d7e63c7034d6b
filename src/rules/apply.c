/* apply.c - a site rule on a page: body: and strip: as a per-element
 * decision and mask, title: and date:, under the page's XPath budget. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/rules-int.h"

/* ---- applying ---- */

enum { MARK_NONE, MARK_BODY, MARK_STRIP, MARK_PIN_IN, MARK_PIN_OUT };

void
rules_outcome_free(struct rules_outcome *o)
{
	if (!o)
		return;
	free(o->title);
	free(o->date);
	free(o->author);
	free(o->line_of);
	free(o->marks);
	free(o->text_drop);
	o->title = o->date = o->author = NULL;
	o->line_of = NULL;
	o->marks = o->text_drop = NULL;
}

/* Once the page's XPath budget is spent, the rest of the rule is
 * skipped, said once. */
static bool
budget_spent(struct xpath_doc *x, const struct rule *r, int line,
	     rules_diag diag, void *ctx)
{
	char err[300];
	if (!xpath_over_budget(x))
		return false;
	if (xpath_budget_note(x, err, sizeof err))
		rules_report(diag, ctx, NULL, r->path, line, "%s", err);
	return true;
}

/* Mark every element expr selects; the count, 0 after an error. */
static int
mark(struct xpath_doc *x, const char *expr, uint8_t *marks, int *lines, uint8_t m,
     const struct rule *r, int line, rules_diag diag, void *ctx)
{
	int *ids;
	char err[300];
	if (budget_spent(x, r, line, diag, ctx))
		return 0;
	int n = xpath_select_nodes(x, expr, false, &ids, err, sizeof err);
	if (n < 0) {
		if (!budget_spent(x, r, line, diag, ctx))
			rules_report(diag, ctx, NULL, r->path, line, "%s", err);
		return 0;
	}
	for (int i = 0; i < n; i++) {
		marks[ids[i]] = m;
		lines[ids[i]] = line;
	}
	free(ids);
	return n;
}

/* A strip: as an ftr reader applies it: what expr selects is taken out
 * of the tree before the next line is evaluated.  Elements are marked,
 * text nodes dropped; the count of both. */
static int
strip(struct xpath_doc *x, const char *expr, struct rules_outcome *o, uint8_t *marks,
      const struct rule *r, int line, rules_diag diag, void *ctx)
{
	int *ids, *texts, nt;
	char err[300];
	if (budget_spent(x, r, line, diag, ctx))
		return 0;
	int n = xpath_strip(x, expr, &ids, &texts, &nt, err, sizeof err);
	if (n < 0) {
		if (!budget_spent(x, r, line, diag, ctx))
			rules_report(diag, ctx, NULL, r->path, line, "%s", err);
		return 0;
	}
	for (int i = 0; i < n; i++) {
		marks[ids[i]] = MARK_STRIP;
		o->line_of[ids[i]] = line;
	}
	for (int i = 0; i < nt; i++) {
		if (!o->text_drop)
			o->text_drop = xcalloc((size_t)o->ntexts + 1, 1);
		o->text_drop[texts[i]] = 1;
	}
	free(ids);
	free(texts);
	return n + nt;
}

static void
first_string(struct xpath_doc *x, const struct rule *r, const struct rule_list *l,
	     char **out, rules_diag diag, void *ctx)
{
	for (int i = 0; i < l->n && !*out && !budget_spent(x, r, l->line[i], diag, ctx); i++) {
		char err[300];
		if (xpath_string(x, l->v[i], out, err, sizeof err) < 0 &&
		    !budget_spent(x, r, l->line[i], diag, ctx))
			rules_report(diag, ctx, NULL, r->path, l->line[i], "%s", err);
	}
}

static void
rule_meta(const struct rule *r, struct xpath_doc *x, struct rules_outcome *o,
	  rules_diag diag, void *ctx)
{
	first_string(x, r, &r->title, &o->title, diag, ctx);
	first_string(x, r, &r->date, &o->date, diag, ctx);
	first_string(x, r, &r->author, &o->author, diag, ctx);
}

/* strip_id_or_class as Full-Text RSS (a substring of the attribute) or
 * as graby (a whole class token or id) reads it. */
static void
id_or_class_expr(const char *v, bool substring, struct buf *e)
{
	if (substring)
		buf_printf(e, "//*[contains(@class,'%s') or contains(@id,'%s')]", v, v);
	else
		buf_printf(e, "//*[contains(concat(' ',normalize-space(@class),' '),' %s ') or "
			   "contains(concat(' ',normalize-space(@id),' '),' %s ')]", v, v);
}

void
rules_select(const struct rule *r, const struct dom *d, struct xpath_doc *x,
	     unsigned how, struct rules_outcome *o, rules_diag diag, void *ctx)
{
	memset(o, 0, sizeof *o);
	o->rule = r;
	o->ntexts = d->ntexts;
	o->marks = xcalloc((size_t)d->n + 1, 1);
	o->line_of = xcalloc((size_t)d->n + 1, sizeof *o->line_of);
	uint8_t *marks = o->marks;
	/* title: and date: first, on the whole page, as graby reads them */
	rule_meta(r, x, o, diag, ctx);
	/* pith's own pins, on the whole page too: a pin may bring back what
	 * a strip: removes */
	for (int i = 0; !(how & RULES_FTR) && i < r->pin.n; i++)
		mark(x, r->pin.v[i], marks, o->line_of, MARK_PIN_IN, r, r->pin.line[i], diag, ctx);
	for (int i = 0; !(how & RULES_FTR) && i < r->unpin.n; i++)
		mark(x, r->unpin.v[i], marks, o->line_of, MARK_PIN_OUT, r, r->unpin.line[i], diag, ctx);
	uint8_t *pinned = xmalloc((size_t)d->n + 1);
	memcpy(pinned, marks, (size_t)d->n + 1);
	int *pin_line = xmalloc(((size_t)d->n + 1) * sizeof *pin_line);
	memcpy(pin_line, o->line_of, ((size_t)d->n + 1) * sizeof *pin_line);
	/* the strips in order, each on the tree the ones before it left */
	for (int i = 0; i < r->strip.n; i++)
		o->nstrip += strip(x, r->strip.v[i], o, marks, r, r->strip.line[i], diag, ctx);
	for (int i = 0; i < r->strip_id_or_class.n; i++) {
		char *v = rules_unquoted(r->strip_id_or_class.v[i]);
		struct buf e;
		buf_init(&e);
		id_or_class_expr(v, how & RULES_CLASS_SUBSTRING, &e);
		o->nstrip += strip(x, e.data, o, marks, r, r->strip_id_or_class.line[i], diag, ctx);
		buf_free(&e);
		free(v);
	}
	for (int i = 0; i < r->strip_image_src.n; i++) {
		char *v = rules_unquoted(r->strip_image_src.v[i]);
		struct buf e;
		buf_init(&e);
		buf_printf(&e, "//img[contains(@src,'%s')]", v);
		o->nstrip += strip(x, e.data, o, marks, r, r->strip_image_src.line[i], diag, ctx);
		buf_free(&e);
		free(v);
	}
	/* body: on what the strips left; the first line that selects wins */
	for (int i = 0; i < r->body.n && !o->nbody; i++) {
		o->nbody = mark(x, r->body.v[i], marks, o->line_of, MARK_BODY, r, r->body.line[i], diag, ctx);
		if (o->nbody)
			o->body_line = r->body.line[i];
	}
	xpath_restore(x);
	o->first_body = -1;
	for (int i = 0; i < d->n && o->first_body < 0; i++)
		if (marks[i] == MARK_BODY)
			o->first_body = i;
	/* the pins are on top */
	for (int i = 0; i < d->n; i++)
		if (pinned[i]) {
			marks[i] = pinned[i];
			o->line_of[i] = pin_line[i];
		}
	free(pinned);
	free(pin_line);
	o->fallback = !o->nbody;
}

void
rules_decide(struct rules_outcome *o, const struct dom *d, const uint8_t *pins,
	     struct decision *dc, bool have_method, bool ftr_only, uint8_t *mask)
{
	uint8_t *marks = o->marks;
	for (int i = 0; pins && !ftr_only && i < d->n; i++)
		if (pins[i] == PIN_IN || pins[i] == PIN_OUT) {
			marks[i] = pins[i] == PIN_IN ? MARK_PIN_IN : MARK_PIN_OUT;
			o->line_of[i] = 0;     /* the user's pin, no line of the rule */
		}
	bool rule_decides = o->nbody || !have_method;
	/* pre-order: the nearest marked ancestor-or-self decides */
	for (int i = 0; i < d->n; i++) {
		int p = d->parent[i];
		if (!marks[i] && p >= 0) {
			marks[i] = marks[p];
			o->line_of[i] = o->line_of[p];
		}
		uint8_t m = marks[i];
		if (m == MARK_NONE && !rule_decides) {
			mask[i] = RULES_TEXT_METHOD;
			continue;
		}
		dc->content[i] = m == MARK_BODY || m == MARK_PIN_IN;
		dc->reason[i] = m == MARK_BODY ? REASON_RULE_BODY :
				m == MARK_STRIP ? REASON_RULE_STRIP :
				m == MARK_NONE ? REASON_NOISE : REASON_PINNED;
		mask[i] = dc->content[i] ? RULES_TEXT_KEEP : RULES_TEXT_DROP;
	}
	if (o->nbody)
		dc->region = o->first_body;
}

void
rules_apply(const struct rule *r, const struct dom *d, struct xpath_doc *x,
	    const uint8_t *pins, struct decision *dc, bool have_method, bool ftr_only,
	    uint8_t *mask, struct rules_outcome *o, rules_diag diag, void *ctx)
{
	rules_select(r, d, x, ftr_only ? RULES_FTR : 0, o, diag, ctx);
	rules_decide(o, d, pins, dc, have_method, ftr_only, mask);
}
