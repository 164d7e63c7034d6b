/* auto-kind.h - what kind of page auto takes a page for, and the page's
 * figures that say so.
 *
 * Articles are one kind of page among several: a forum thread, a
 * documentation page, a product, a listing or collection of items and a
 * service page each keep their main content in another shape.  The
 * figures are of the page's structure and text only (no address; class
 * attributes are compared whole, to find repeated items, or where they
 * hold an instance's id ("post-15859") as sets of their other words,
 * never read for what the words mean): how much of its text is links,
 * running prose,
 * repeated items, code; how many form controls and section headings it
 * has.  They are signals of auto's second stage (auto-signals.h), the
 * same on every block of a page, so the trees learn what each kind keeps;
 * the kind itself is decided from them by the rules of page_kind_decide()
 * and shown with its reasons.  No I/O; linear in the page but for two
 * sorts of the elements' sibling keys. */
#ifndef PITH_AUTO_KIND_H
#define PITH_AUTO_KIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dom.h"

enum page_kind {
	KIND_ARTICLE, KIND_FORUM, KIND_DOCS, KIND_PRODUCT, KIND_LISTING, KIND_SERVICE,
	KIND_COUNT
};

/* "article", "forum", "documentation", "product", "listing", "service" */
extern const char *const page_kind_names[KIND_COUNT];

/* An item repeated among its siblings: this many siblings or more with
 * the same tag and class attribute. */
#define KIND_REPEAT_MIN 3
#define CARDS1_MIN 6

struct page_figures {
	long chars;             /* the blocks' text, links included */
	double link;            /* link characters / chars */
	double prose;           /* share in blocks of 80+ characters ending a sentence */
	double repeat;          /* share inside repeated items */
	double code;            /* share in pre and code */
	double code_named;      /* share in code elements of a name's length
				   (code_named in auto-kind.c), outside the
				   site's regions */
	int forms;              /* input, select, textarea, button */
	bool discussion;        /* the page declares itself a thread or a
				   question (page_kind_decide) */
	const char *generator;  /* the documentation generator the page names
				   as its maker (page_kind_decide), or NULL */
	int headings;           /* h2-h6 with text */
	int repeats;            /* the largest group of repeated items with text */
	uint8_t *in_repeat;     /* per element: inside a repeated item */
	int main;               /* the main landmark (dom_main), -1 for none */
	/* The grid: the items of the group of repeated items that, with the
	 * groups alike to it, holds the most text outside the site's own
	 * regions, one in the main landmark before one outside it (a
	 * listing's cards, a recipe index's carousels), in document order;
	 * owned. */
	int *grid;
	int ngrid;
	double grid_share;      /* the grid's characters / chars */
	/* The cards of one block each (a title alone: a recipe's, a
	 * product's), CARDS1_MIN or more under one parent, of one tag and
	 * class: the group holding the most text outside the site's own
	 * regions, in document order; owned. */
	int *cards1;
	int ncards1;
	double grid_link;       /* link characters / characters, in the grid */
};

/* The figures of a page whose blocks are order[0..nb) with chars[j]
 * characters each (links included), link[e] of them link text and ends[e]
 * set when block e's text ends with sentence punctuation; site[e], when
 * site is not NULL, set when block e lies in the site's own regions (a
 * nav, header, footer, aside, form or menu), whose text does not make a
 * group of items the grid (a mega menu's columns). */
void page_figures_compute(const struct dom *d, const int *order, const int *chars, int nb,
			  const int *link, const uint8_t *ends, const uint8_t *site,
			  struct page_figures *pf);
/* Whether block element b lies in an item of pf's grid: *at, 0 at first,
 * walks the items in document order as b increases from call to call. */
bool page_in_grid(const struct dom *d, const struct page_figures *pf, int *at, int b);
/* The same for the cards of one block. */
bool page_in_cards1(const struct dom *d, const struct page_figures *pf, int *at, int b);
/* Frees in_repeat and grid. */
void page_figures_free(struct page_figures *pf);

/* The kind the figures say, with the reason in why (a line). */
enum page_kind page_kind_decide(const struct page_figures *pf, char *why, size_t n);

#endif
