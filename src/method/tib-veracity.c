/* tib-veracity.c - relativity and veracity: tib's figures, band and
 * pruning, on the page's scripts (script.c). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "method/tib-veracity.h"

static inline size_t
next_cp(const unsigned char *u, size_t i, size_t n, uint32_t *cp)
{
	if (u[i] < 0x80) {
		*cp = u[i];
		return 1;
	}
	return utf8_decode(u + i, n - i, cp);
}

/* ---- figures ---- */

static bool
is_signal(enum script_id sig, uint32_t cp)
{
	switch (sig) {
	case SCRIPT_TIBETAN:
		return script_is_tsheg(cp);
	case SCRIPT_CJK:
		/* Korean writes Western marks */
		return cp == 0x3002 || cp == 0xFF0C || cp == 0x3001 ||
		       cp == 0xFF01 || cp == 0xFF1F ||
		       cp == '.' || cp == ',' || cp == '!' || cp == '?';
	case SCRIPT_ARABIC:
		/* Arabic and Uyghur end sentences with '.' as often as '۔' */
		return cp == 0x06D4 || cp == 0x060C || cp == 0x061F ||
		       cp == 0x061B || cp == '.' || cp == '!' || cp == ':';
	default:
		return cp == '.' || cp == ',' || cp == ';' || cp == ':' ||
		       cp == '!' || cp == '?';
	}
}

static enum script_id
signal_of(const struct script_detect *det, int setting, bool *legacy)
{
	*legacy = false;
	switch (setting) {
	case TIB_SCRIPT_TIBETAN: return SCRIPT_TIBETAN;
	case TIB_SCRIPT_CJK:     return SCRIPT_CJK;
	case TIB_SCRIPT_LATIN:   return SCRIPT_LATIN;
	case TIB_SCRIPT_ARABIC:  return SCRIPT_ARABIC;
	default:
		break;
	}
	if (det->tibetan || det->dominant == SCRIPT_TIBETAN)
		return SCRIPT_TIBETAN;
	if (det->legacy_kind == 1) {
		*legacy = true;
		return SCRIPT_TIBETAN;
	}
	if (det->dominant == SCRIPT_CJK || det->dominant == SCRIPT_ARABIC)
		return det->dominant;
	return SCRIPT_LATIN;
}

struct tib_figures *
tib_figures_compute(const struct dom *d, const struct metrics *m,
		    const struct script_detect *det, int setting)
{
	int n = d->n;
	struct tib_figures *f = xcalloc(1, sizeof *f);
	f->n = n;
	f->setting = setting;
	f->signal = signal_of(det, setting, &f->legacy);
	f->dots = xcalloc((size_t)n + 1, sizeof(int));
	f->len = xcalloc((size_t)n + 1, sizeof(int));
	f->rel = xcalloc((size_t)n + 1, sizeof(double));
	f->ver = xcalloc((size_t)n + 1, sizeof(double));
	/* len counts Tibetan code points; otherwise it is TA */
	bool tib = f->signal == SCRIPT_TIBETAN && !f->legacy;

	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & (TEXT_SKIP | TEXT_BREAK | TEXT_LINK))
			continue;
		const unsigned char *u = (const unsigned char *)dom_text(d, t);
		int dots = 0, len = 0;
		for (size_t i = 0; i < x->len;) {
			uint32_t cp;
			i += next_cp(u, i, x->len, &cp);
			if (f->legacy ? cp == '-' : is_signal(f->signal, cp))
				dots++;
			if (tib && cp >= 0x0F00 && cp <= 0x0FFF)
				len++;
		}
		f->dots[x->elem] += dots;
		f->len[x->elem] += len;
	}
	/* Children have larger ids: a reverse loop sums them into parents. */
	for (int i = n - 1; i >= 0; i--) {
		int p = d->parent[i];
		if (p >= 0) {
			f->dots[p] += f->dots[i];
			f->len[p] += f->len[i];
		}
	}
	for (int i = 0; i < n; i++) {
		if (!tib)
			f->len[i] = m->TA[i];
		int all = m->TA[i] + m->LT[i];
		f->rel[i] = all > 0 ? (double)m->LT[i] / all : 0;
		f->ver[i] = f->len[i] > 0 ? (double)f->dots[i] / f->len[i] : 0;
	}
	return f;
}

void
tib_figures_free(struct tib_figures *f)
{
	if (!f)
		return;
	free(f->dots);
	free(f->len);
	free(f->rel);
	free(f->ver);
	free(f);
}

void
tib_band(const struct tib_figures *f, const struct params *p,
	 double *lo, double *hi)
{
	double l = 0.125, h = 0.6;
	switch (f->signal) {
	case SCRIPT_CJK:
		l = TIB_CJK_LO;
		h = TIB_CJK_HI;
		break;
	case SCRIPT_ARABIC:   /* TIB_ARABIC_* are the Latin band for now */
	case SCRIPT_LATIN:
		l = TIB_LATIN_LO;
		h = TIB_LATIN_HI;
		break;
	default:
		break;
	}
	*lo = p->tib_ver_min * (l / 0.125);
	*hi = p->tib_ver_max * (h / 0.6);
}

/* ---- decision ---- */

void
decide_tib(const struct dom *d, const struct metrics *m,
	   const struct tib_figures *f, const struct params *p,
	   const uint8_t *pins, struct decision *dc)
{
	(void)m;
	double lo, hi;
	tib_band(f, p, &lo, &hi);
	/* Tolerance for bands computed by scaling (0.125 * x / 0.125). */
	const double eps = 1e-12;
	for (int i = 0; i < d->n; i++) {
		dc->CS[i] = 0;
		dc->content[i] = 0;
		if (f->rel[i] >= p->tib_rel)
			dc->reason[i] = REASON_RELATIVITY;
		else if (f->ver[i] < lo - eps)
			dc->reason[i] = REASON_VER_LOW;
		else if (f->ver[i] > hi + eps)
			dc->reason[i] = REASON_VER_HIGH;
		else {
			dc->content[i] = 1;
			dc->reason[i] = REASON_TIB;
		}
	}
	dc->region = -1;
	decide_apply_pins(d, pins, dc, NULL);
}
