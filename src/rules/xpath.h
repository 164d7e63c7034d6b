/* xpath.h - XPath 1.0 over a page's node table, with libxml2's engine.
 *
 * xpath_doc_new() builds a libxml2 document mirroring a struct dom once
 * (elements, attributes and text in document order); every libxml2
 * element carries its node id, so a node-set comes back as node ids.  The
 * struct xpath_doc owns the libxml2 document and dies with xpath_doc_free();
 * the struct dom must outlive it.
 *
 * libxml2 has no timeout, so evaluation is bounded: all evaluations on
 * one struct xpath_doc (one page: a rule's body, strip, title, date and
 * tests) share a budget of XPATH_BUDGET steps of the evaluator (libxml2's
 * opLimit), to which the string functions also charge the bytes they
 * read and build (one step per XPATH_BYTES_PER_STEP bytes); expressions
 * have at most XPATH_MAX_EXPR bytes; libxml2 limits node-set size (10
 * million) and recursion.  The evaluation that spends the budget fails
 * with "over the page's XPath budget", and so does every later one
 * without running.  (The string values libxml2 computes inside
 * comparisons, like a node-set = 'x', are not charged.)
 *
 * Errors (syntax, unknown functions, limits) come back as a message in the
 * caller's buffer; nothing is printed. */
#ifndef PITH_XPATH_H
#define PITH_XPATH_H

#include <stdbool.h>
#include <stddef.h>

#include "dom.h"
#include "util.h"

#define XPATH_BUDGET 100000000UL       /* steps per page, about 1.5 s */
#define XPATH_BYTES_PER_STEP 16
#define XPATH_MAX_EXPR 4096

struct xpath_doc;

struct xpath_doc *xpath_doc_new(const struct dom *d);
void xpath_doc_free(struct xpath_doc *x);

/* Has this page's budget been spent?  And how much of it. */
bool xpath_over_budget(const struct xpath_doc *x);
unsigned long xpath_budget_used(const struct xpath_doc *x);
/* Once the budget is spent, the first call says so in err and returns
 * true; every other call returns false. */
bool xpath_budget_note(struct xpath_doc *x, char *err, size_t errlen);

/* Compile expr (no document needed) and look for functions XPath 1.0 does
 * not have (ends-with(), matches() ... of XPath 2, which libxml2 would only
 * reject when a page reaches them).  0, or -1 with a reason in err. */
int xpath_check(const char *expr, char *err, size_t errlen);

/* The elements expr selects, in document order without duplicates: an
 * attribute or text node counts as its element.  *ids is malloc'd (NULL
 * when none; free it).  The count (>= 0), or -1 with a reason in err (a
 * result that is not a node-set is an error too). */
int xpath_select(struct xpath_doc *x, const char *expr, int **ids,
		 char *err, size_t errlen);

/* The same; with elements_only, attribute and text nodes are left out
 * (strip: //img/@srcset removes an attribute, not the image). */
int xpath_select_nodes(struct xpath_doc *x, const char *expr, bool elements_only,
		       int **ids, char *err, size_t errlen);

/* Remove what expr selects from the document, as an ftr reader's strip:
 * does, so that later expressions see the tree without it: *ids gets the
 * elements removed (with their subtrees), *texts the text nodes (indexes
 * into the dom's texts); attribute and other nodes are left.  Both
 * malloc'd or NULL.  The element count, or -1 with a reason in err.
 * xpath_restore() puts back everything removed, newest first (also done
 * by xpath_doc_free()). */
int xpath_strip(struct xpath_doc *x, const char *expr, int **ids, int **texts, int *ntexts,
		char *err, size_t errlen);
void xpath_restore(struct xpath_doc *x);

/* The string value of expr: of its first node for a node-set (an
 * attribute's value, an element's text), or the string/number/boolean
 * converted.  Whitespace runs collapsed, trimmed.  *out is malloc'd, NULL
 * when the node-set is empty or the string is empty.  0 or -1 with a
 * reason in err. */
int xpath_string(struct xpath_doc *x, const char *expr, char **out,
		 char *err, size_t errlen);

/* Append s to out as an XPath string literal ('s', "s" or concat(...)). */
void xpath_quote(struct buf *out, const char *s);

#endif
