/* ent-geometry.c - estimated boxes: widths top-down, heights bottom-up. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "method/ent-geometry.h"

double
geometry_char_px(uint32_t cp)
{
	if (uc_is_white(cp))
		return 0;
	if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
	    (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
	    (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
	    (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD))
		return GEOMETRY_CJK_PX;
	return GEOMETRY_CHAR_PX;
}

int
geometry_parse_length(const char *s, double parent, double *px)
{
	while (isspace((unsigned char)*s))
		s++;
	char *end;
	double v = strtod(s, &end);
	if (end == s || !isfinite(v) || v < 0)
		return 0;
	while (isspace((unsigned char)*end))
		end++;
	if (*end == '%')
		v = parent * v / 100.0;
	else if (!strncasecmp(end, "px", 2))
		;
	else if (*end && *end != ';' && *end != '!')
		return 0;
	*px = v;
	return 1;
}

/* The value of property name in an inline style, as a pointer into style
 * (up to ';'), or NULL.  A property matches only at a declaration start. */
static const char *
style_value(const char *style, const char *name)
{
	size_t nl = strlen(name);
	const char *s = style;
	while (*s) {
		while (*s == ';' || isspace((unsigned char)*s))
			s++;
		if (!strncasecmp(s, name, nl)) {
			const char *v = s + nl;
			while (isspace((unsigned char)*v))
				v++;
			if (*v == ':')
				return v + 1;
		}
		const char *semi = strchr(s, ';');
		if (!semi)
			break;
		s = semi + 1;
	}
	return NULL;
}

int
geometry_style_width(const char *style, double parent, double *px)
{
	const char *v = style_value(style, "width");
	return v ? geometry_parse_length(v, parent, px) : 0;
}

int
geometry_style_hidden(const char *style)
{
	const char *v = style_value(style, "display");
	if (!v)
		return 0;
	while (isspace((unsigned char)*v))
		v++;
	return !strncasecmp(v, "none", 4);
}

struct geometry *
geometry_estimate(const struct dom *d, const struct metrics *m,
		  const struct params *p)
{
	(void)m;
	int n = d->n;
	struct geometry *g = xcalloc(1, sizeof *g);
	g->n = n;
	g->source = "estimate";
	g->width = xcalloc((size_t)n + 1, sizeof(double));
	g->height = xcalloc((size_t)n + 1, sizeof(double));
	double root = p->ent_width > 0 ? p->ent_width : 1000;

	/* Widths top-down: pre-order visits parents first. */
	for (int i = 0; i < n; i++) {
		int par = d->parent[i];
		double w = par >= 0 ? g->width[par] : root;
		const char *style = dom_attr(d, i, "style");
		const char *wa = dom_attr(d, i, "width");
		if ((d->flags[i] & DOM_SKIP) || dom_hidden_attr(d, i) ||
		    (style && !(d->flags[i] & DOM_PANEL) && geometry_style_hidden(style)) ||
		    (par >= 0 && g->width[par] <= 0)) {
			g->width[i] = 0;
			continue;
		}
		double px;
		if ((style && geometry_style_width(style, w, &px)) ||
		    (wa && geometry_parse_length(wa, w, &px)))
			w = px;
		g->width[i] = w;
	}

	/* Own text: characters of the texts whose block is the element, in
	 * px (height is used as a scratch sum), and <br> line breaks. */
	int *breaks = xcalloc((size_t)n + 1, sizeof(int));
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & TEXT_SKIP || x->block < 0)
			continue;
		if (x->flags & TEXT_BREAK) {
			breaks[x->block]++;
			continue;
		}
		const unsigned char *s = (const unsigned char *)dom_text(d, t);
		size_t k = 0;
		double px = 0;
		while (k < x->len) {
			uint32_t cp;
			k += utf8_decode(s + k, x->len - k, &cp);
			px += geometry_char_px(cp);
		}
		g->height[x->block] += px;
	}
	for (int i = n - 1; i >= 0; i--) {
		double textpx = g->height[i], h = 0;
		if (g->width[i] > 0) {
			double lines = textpx > 0 ? ceil(textpx / g->width[i]) : 0;
			if (textpx > 0 || breaks[i] > 0)
				lines += breaks[i];
			h = lines * GEOMETRY_LINE_PX;
		}
		/* children were finished earlier in this loop and added below */
		g->height[i] = 0;
		for (int c = d->first_child[i]; c >= 0; c = d->next_sibling[c])
			h += g->height[c];
		g->height[i] = g->width[i] > 0 ? h : 0;
	}
	free(breaks);
	return g;
}

void
geometry_free(struct geometry *g)
{
	if (!g)
		return;
	free(g->width);
	free(g->height);
	free(g);
}
