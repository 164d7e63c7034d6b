/* metrics.c - TA, LA, CC, TD and sibling groups in one pass. */
#include "config.h"

#include <stdlib.h>

#include "metrics.h"

struct metrics *
metrics_compute(const struct dom *d)
{
	int n = d->n;
	struct metrics *m = xcalloc(1, sizeof *m);
	m->n = n;
	m->TA = xcalloc((size_t)n + 1, sizeof(int));
	m->LA = xcalloc((size_t)n + 1, sizeof(int));
	m->LT = xcalloc((size_t)n + 1, sizeof(int));
	m->own = xcalloc((size_t)n + 1, sizeof(int));
	m->CC = xcalloc((size_t)n + 1, sizeof(double));
	m->TD = xcalloc((size_t)n + 1, sizeof(double));
	m->group = xcalloc((size_t)n + 1, sizeof(int));
	m->tchars = xcalloc((size_t)d->ntexts + 1, sizeof(int));

	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & (TEXT_SKIP | TEXT_BREAK))
			continue;
		int c = (int)utf8_count_chars(dom_text(d, t), x->len);
		m->tchars[t] = c;
		if (x->flags & TEXT_LINK) {
			m->LT[x->elem] += c;
		} else {
			m->TA[x->elem] += c;
			m->own[x->block] += c;
		}
	}
	/* Children have larger ids than their parents: a reverse loop is a
	 * post-order pass. */
	for (int i = n - 1; i >= 0; i--) {
		if ((d->flags[i] & DOM_LINK) && !(d->flags[i] & DOM_SKIP))
			m->LA[i]++;
		int p = d->parent[i];
		if (p >= 0) {
			m->TA[p] += m->TA[i];
			m->LA[p] += m->LA[i];
			m->LT[p] += m->LT[i];
		}
	}
	for (int i = 0; i < n; i++) {
		double la = m->LA[i] > 1 ? m->LA[i] : 1;
		int p = d->parent[i];
		int ta_parent = p >= 0 ? m->TA[p] : m->TA[i];
		m->CC[i] = m->TA[i] / la;
		m->TD[i] = (ta_parent > 1 ? ta_parent : 1) / la;
	}

	/* Same-tag sibling groups: the first child of a tag under a parent
	 * opens a group, later ones join it (a scratch slot per tag). */
	int *slot = xreallocarray(NULL, (size_t)d->ntags + 1, sizeof *slot);
	for (int t = 0; t <= d->ntags; t++)
		slot[t] = -1;
	int ng = 0;
	for (int p = -1; p < n; p++) {
		int first = p < 0 ? (n > 0 ? 0 : -1) : d->first_child[p];
		for (int c = first; c >= 0; c = p < 0 ? -1 : d->next_sibling[c]) {
			int t = d->tag[c];
			if (slot[t] < 0)
				slot[t] = ng++;
			m->group[c] = slot[t];
		}
		for (int c = first; c >= 0; c = p < 0 ? -1 : d->next_sibling[c])
			slot[d->tag[c]] = -1;
	}
	free(slot);
	m->ngroups = ng;
	m->group_size = xcalloc((size_t)ng + 1, sizeof(int));
	for (int i = 0; i < n; i++)
		m->group_size[m->group[i]]++;
	return m;
}

void
metrics_free(struct metrics *m)
{
	if (!m)
		return;
	free(m->TA);
	free(m->LA);
	free(m->LT);
	free(m->own);
	free(m->CC);
	free(m->TD);
	free(m->group);
	free(m->group_size);
	free(m->tchars);
	free(m);
}
