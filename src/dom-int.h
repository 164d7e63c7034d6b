/* dom-int.h - what dom.c and dom-scan.c share; not for the rest of pith. */
#ifndef PITH_DOM_INT_H
#define PITH_DOM_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dom.h"

/* What the pre-scan found (dom-scan.c), which dom_parse compares with
 * the limits before libtidy runs. */
struct dom_scan {
	int max_depth;          /* deepest nesting, counted as libtidy nests */
	int max_attrs;          /* most attributes on one element */
	size_t longest_name;    /* the longest attribute name */
	uint64_t name_work;     /* attribute names: length x valid prefix, summed */
	uint64_t walk_work;     /* the open elements' depth at every tag, summed */
	uint64_t reopen;        /* formatting elements libtidy would reopen */
	int ncustom;            /* different custom element names */
	long elements;          /* start tags */
};
/* Scan s[0..n), keeping at most cap open elements. */
void dom_scan(const char *s, size_t n, int cap, struct dom_scan *out);

#endif
