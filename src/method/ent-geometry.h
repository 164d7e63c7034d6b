/* ent-geometry.h - element boxes for the entropy method (doc/algorithms.md#ent).
 *
 * pith has no layout engine, so geometry_estimate() estimates: block
 * elements stack vertically; an element's width is its parent's (the root
 * gets ent.width px) unless a width attribute or an inline style width (px
 * or %) says otherwise; its height is the sum of its element children's
 * heights plus its own text's lines at that width (8 px per character,
 * 16 px per CJK character, 20 px per line, a <br> adds a line).  Skipped
 * elements (script, style, head, ...) and display:none / hidden ones and
 * everything inside them are 0 x 0.
 *
 * Every caller shows these values as estimates (source == "estimate"); a
 * measured box source can fill the same struct.  The struct owns its arrays
 * (geometry_free accepts NULL).  Nothing fails but allocation. */
#ifndef PITH_GEOMETRY_H
#define PITH_GEOMETRY_H

#include "dom.h"
#include "metrics.h"
#include "params.h"

#define GEOMETRY_CHAR_PX 8.0
#define GEOMETRY_CJK_PX 16.0
#define GEOMETRY_LINE_PX 20.0

struct geometry {
	int n;
	double *width;          /* px, per element */
	double *height;         /* px, per element */
	const char *source;     /* "estimate" */
};

struct geometry *geometry_estimate(const struct dom *d, const struct metrics *m,
				   const struct params *p);
void geometry_free(struct geometry *g);

/* Parse a CSS/HTML length ("600", "600px", "50%") against parent px.
 * Returns 1 and stores px, or 0 when the value is not a length pith reads
 * (em, auto, calc(), ...). */
int geometry_parse_length(const char *s, double parent, double *px);
/* The width declared by an inline style ("width: 80%"), or 0 if none.
 * Ignores min-width, max-width, border-width and the like. */
int geometry_style_width(const char *style, double parent, double *px);
/* Does an inline style say display:none? */
int geometry_style_hidden(const char *style);
/* Estimated px of one code point (whitespace 0). */
double geometry_char_px(uint32_t cp);

#endif
