/* model-edit.c - what the inspector's keys change in a decision: the
 * method, its parameters (selected, stepped, set, reset), the pins, and
 * the undo stack that takes parameter and pin changes back and forth.
 * Every change recomputes the model.  No curses; the state is model.h's. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tui/model.h"

/* ---- method and parameters ---- */

int
model_method_nparams(const struct tui_model *m)
{
	return m->algo->nparams;
}

const struct param_desc *
model_method_param(const struct tui_model *m, int k)
{
	return k >= 0 && k < m->algo->nparams ? &m->algo->params[k] : NULL;
}

void
model_cycle_algo(struct tui_model *m, int dir)
{
	m->marking = false;     /* another method: nothing to compare with */
	m->algo = methods[(method_index(m->algo) + (dir < 0 ? nmethods - 1 : 1)) % nmethods];
	m->step = 0;
	m->param = model_method_param(m, 0);
	model_recompute(m);
}

void
model_select_param(struct tui_model *m, int delta)
{
	int n = model_method_nparams(m);
	if (n == 0)
		return;
	int cur = 0;
	for (int k = 0; k < n; k++)
		if (model_method_param(m, k) == m->param)
			cur = k;
	cur = ((cur + delta) % n + n) % n;
	m->param = model_method_param(m, cur);
}

static void
push_undo(struct tui_model *m, const struct undo_entry *e)
{
	m->nundo = m->undo_top;   /* a new change drops what could be redone */
	if (m->nundo == m->undo_cap) {
		m->undo_cap = m->undo_cap ? m->undo_cap * 2 : 32;
		m->undo = xreallocarray(m->undo, (size_t)m->undo_cap, sizeof *m->undo);
	}
	m->undo[m->nundo++] = *e;
	m->undo_top = m->nundo;
}

/* Before a change: which text nodes are kept, for the marks of what it
 * did (DOM methods; lb's text is lines). */
static void
change_begin(struct tui_model *m)
{
	const struct dom *d = m->d;
	m->changes++;
	m->marking = !m->run.by_lines && d->ntexts > 0;
	if (!m->marking)
		return;
	if (!m->kept_before)
		m->kept_before = xcalloc((size_t)d->ntexts + 1, 1);
	for (int t = 0; t < d->ntexts; t++)
		m->kept_before[t] = model_text_kept(m, t);
}

/* Make params current, recording the change; false if nothing changed. */
static bool
change_params(struct tui_model *m, const struct params *p)
{
	if (params_equal(p, &m->params))
		return false;
	change_begin(m);
	struct undo_entry e = { .kind = UNDO_PARAMS, .elem = -1,
				.pbefore = m->params, .pafter = *p };
	push_undo(m, &e);
	m->params = *p;
	model_recompute(m);
	return true;
}

bool
model_step_param(struct tui_model *m, int dir)
{
	const struct param_desc *d = m->param;
	if (!d)
		return false;
	struct params p = m->params;
	double v = params_get(&p, d);
	if (d->type == PARAM_BOOL || (d->type == PARAM_ENUM && d->max == 1))
		v = dir % 2 ? !v : v;
	else
		v += dir * d->step;
	params_put(&p, d, v);
	return change_params(m, &p);
}

int
model_set_param(struct tui_model *m, const char *value, char *err, size_t errlen)
{
	if (!m->param) {
		snprintf(err, errlen, "%s has no parameters", m->algo->name);
		return -1;
	}
	struct params p = m->params;
	if (params_set_value(&p, m->param, value, err, errlen) < 0)
		return -1;
	change_params(m, &p);
	return 0;
}

bool
model_reset_params(struct tui_model *m)
{
	struct params p = m->params;
	for (int i = 0; i < m->algo->nparams; i++)
		params_put(&p, &m->algo->params[i], m->algo->params[i].def);
	return change_params(m, &p);
}

/* ---- pins and undo ---- */

bool
model_pin(struct tui_model *m, int i, enum pin p)
{
	if (i < 0 || i >= m->n || m->pins[i] == p)
		return false;
	struct undo_entry e = { .kind = UNDO_PIN, .elem = i,
				.before = m->pins[i], .after = (uint8_t)p };
	push_undo(m, &e);
	change_begin(m);
	m->pins[i] = (uint8_t)p;
	m->pins_version++;
	model_recompute(m);
	return true;
}

int
model_npins(const struct tui_model *m)
{
	int k = 0;
	for (int i = 0; i < m->n; i++)
		k += m->pins[i] != 0;
	return k;
}

void
model_set_pins(struct tui_model *m, const uint8_t *pins)
{
	memcpy(m->pins, pins, (size_t)m->n);
	m->pins_version++;
	model_recompute(m);
}

static void
apply_undo(struct tui_model *m, const struct undo_entry *e, bool forward)
{
	change_begin(m);
	if (e->kind == UNDO_PIN) {
		m->pins[e->elem] = forward ? e->after : e->before;
		m->pins_version++;
		model_select(m, e->elem);
	} else {
		m->params = forward ? e->pafter : e->pbefore;
	}
	model_recompute(m);
}

bool
model_undo(struct tui_model *m)
{
	if (m->undo_top == 0)
		return false;
	apply_undo(m, &m->undo[--m->undo_top], false);
	return true;
}

bool
model_redo(struct tui_model *m)
{
	if (m->undo_top == m->nundo)
		return false;
	apply_undo(m, &m->undo[m->undo_top++], true);
	return true;
}
