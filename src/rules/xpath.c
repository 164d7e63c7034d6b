/* xpath.c - libxml2's XPath engine over a document built from the node table. */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include "util.h"
#include "rules/xpath.h"

#define ERRLEN 256     /* libxml2's message, kept by on_error */

struct xpath_doc {
	const struct dom *d;
	xmlDocPtr doc;
	xmlXPathContextPtr ctx;
	char err[ERRLEN];
	bool noted;             /* the budget's end was told */
	/* what xpath_strip() took out, in order, to put back */
	struct unlinked { xmlNodePtr node, parent, prev; } *cut;
	int ncut, capcut;
};

/* Node ids ride in _private as id + 1, so NULL means "not an element of
 * the table" (the document node). */
static int
node_id(xmlNodePtr nd)
{
	while (nd && nd->type != XML_ELEMENT_NODE)
		nd = nd->parent;
	if (!nd || !nd->_private)
		return -1;
	return (int)((intptr_t)nd->_private - 1);
}

/* libxml2's words for its XPath errors (xmlXPathErrorMessages is not
 * exported, and structured errors come without a message). */
static const char *const xpath_errors[] = {
	"ok", "bad number", "unfinished literal", "expected a literal",
	"expected $ for a variable reference", "undefined variable",
	"invalid predicate", "invalid expression", "missing closing brace",
	"unknown function", "invalid operand", "invalid type",
	"wrong number of arguments", "invalid context size",
	"invalid context position", "out of memory", "syntax error",
	"resource error", "sub-resource error", "undefined namespace prefix",
	"encoding error", "character out of XML range", "invalid context",
	"stack usage error", "variables are not allowed",
	"over the evaluation limit", "nested too deep",
};

static void
on_error(void *data, xmlErrorPtr e)
{
	char *err = data;
	if (*err || !e)
		return;
	int k = e->code - XML_XPATH_EXPRESSION_OK;
	const char *what = k >= 0 && k < (int)(sizeof xpath_errors / sizeof *xpath_errors)
		? xpath_errors[k] : e->message ? e->message : "XPath error";
	if (k == XPATH_OP_LIMIT_EXCEEDED)
		snprintf(err, ERRLEN, "over the page's XPath budget (%lu steps)", XPATH_BUDGET);
	else if (e->str1)
		snprintf(err, ERRLEN, "%s at character %d", what, e->int1 + 1);
	else
		snprintf(err, ERRLEN, "%s", what);
}

/* ---- string work, charged to the budget ----
 *
 * libxml2 counts steps, not the bytes its string functions build:
 * concat(string(/),string(/)) is a few steps however big the page.  The
 * string functions are looked up here first; each converts its string
 * arguments itself, charges their bytes (and the result's) to the same
 * budget as the steps, then runs libxml2's own function. */

struct charged {
	const char *name;
	xmlXPathFunction real;
	int strings;            /* leading arguments that are strings */
	bool pairs;             /* cost grows with the product of two lengths */
};

static const struct charged charged_funcs[] = {
	{ "string", xmlXPathStringFunction, 1, false },
	{ "string-length", xmlXPathStringLengthFunction, 1, false },
	{ "normalize-space", xmlXPathNormalizeFunction, 1, false },
	{ "concat", xmlXPathConcatFunction, 1000, false },
	{ "contains", xmlXPathContainsFunction, 2, true },
	{ "starts-with", xmlXPathStartsWithFunction, 2, false },
	{ "substring", xmlXPathSubstringFunction, 1, false },
	{ "substring-before", xmlXPathSubstringBeforeFunction, 2, true },
	{ "substring-after", xmlXPathSubstringAfterFunction, 2, true },
	{ "translate", xmlXPathTranslateFunction, 3, true },
};

/* Add bytes of string work to the step count; an error past the budget. */
static int
charge(xmlXPathParserContextPtr ctxt, size_t bytes)
{
	xmlXPathContextPtr c = ctxt->context;
	/* short strings are paid for by the step that calls the function */
	unsigned long steps = (unsigned long)(bytes / XPATH_BYTES_PER_STEP);
	if (steps > c->opLimit || c->opCount > c->opLimit - steps) {
		c->opCount = c->opLimit;
		xmlXPathErr(ctxt, XPATH_OP_LIMIT_EXCEEDED);
		return -1;
	}
	c->opCount += steps;
	return 0;
}

/* A node's string value, built in one doubling buffer: libxml2 grows
 * its buffer by the exact size of each text node, which costs the
 * square of the text where realloc cannot grow in place. */
static xmlChar *
node_string(xmlNodePtr nd)
{
	if (!nd)        /* no context node (an expression checked alone) */
		return xmlStrdup((const xmlChar *)"");
	if (nd->type != XML_ELEMENT_NODE && nd->type != XML_DOCUMENT_NODE &&
	    nd->type != XML_ATTRIBUTE_NODE)
		return xmlXPathCastNodeToString(nd);
	struct buf b;
	buf_init(&b);
	xmlNodePtr c = nd->children;
	while (c) {
		if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content)
			buf_adds(&b, (const char *)c->content);
		if (c->type == XML_ELEMENT_NODE && c->children) {
			c = c->children;
			continue;
		}
		while (c != nd && !c->next)
			c = c->parent;
		c = c == nd ? NULL : c->next;
	}
	xmlChar *r = xmlStrndup((const xmlChar *)(b.data ? b.data : ""), (int)b.len);
	buf_free(&b);
	return r;
}

/* xmlXPathConvertString, with node_string for node-sets. */
static xmlXPathObjectPtr
to_string(xmlXPathObjectPtr o)
{
	if (o->type != XPATH_NODESET)
		return xmlXPathConvertString(o);
	xmlNodeSetPtr ns = o->nodesetval;
	xmlChar *v;
	if (!ns || ns->nodeNr == 0) {
		v = xmlStrdup((const xmlChar *)"");
	} else {
		if (ns->nodeNr > 1)
			xmlXPathNodeSetSort(ns);
		v = node_string(ns->nodeTab[0]);
	}
	xmlXPathFreeObject(o);
	return v ? xmlXPathWrapString(v) : NULL;
}

static void
charged_call(xmlXPathParserContextPtr ctxt, int nargs, const struct charged *f)
{
	/* the zero-argument forms work on the context node's string value */
	if (nargs == 0 && f->strings == 1) {
		xmlChar *v = node_string(ctxt->context->node);
		if (!v || charge(ctxt, strlen((const char *)v)) < 0) {
			xmlFree(v);
			return;
		}
		valuePush(ctxt, xmlXPathWrapString(v));
		nargs = 1;
	}
	if (nargs > ctxt->valueNr - ctxt->valueFrame) {
		xmlXPathErr(ctxt, XPATH_STACK_ERROR);
		return;
	}
	size_t total = 0, first = 0, second = 0;
	int base = ctxt->valueNr - nargs;
	for (int k = 0; k < nargs && k < f->strings; k++) {
		xmlXPathObjectPtr o = ctxt->valueTab[base + k];
		if (o->type != XPATH_STRING) {
			o = to_string(o);
			ctxt->valueTab[base + k] = o;
			/* libxml2 keeps the top of the stack in ctxt->value too:
			 * it must not point at the object to_string freed */
			if (base + k == ctxt->valueNr - 1)
				ctxt->value = o;
			if (!o) {
				xmlXPathErr(ctxt, XPATH_MEMORY_ERROR);
				return;
			}
		}
		size_t len = o->stringval ? strlen((const char *)o->stringval) : 0;
		total += len;
		if (k == 0)
			first = len;
		else if (k == 1)
			second = len;
	}
	if (f->pairs)
		total += first * second;
	/* libxml2's concat appends argument by argument, copying what it
	 * has each time: the square of the arguments, halved; and every
	 * call pays for its arguments, however short */
	if (f->strings > 3 && nargs > 2)
		total += total / 2 * (size_t)nargs;
	total += (size_t)nargs * XPATH_BYTES_PER_STEP;
	if (charge(ctxt, total) < 0)
		return;
	f->real(ctxt, nargs);
	if (ctxt->error == XPATH_EXPRESSION_OK && ctxt->value &&
	    ctxt->value->type == XPATH_STRING && ctxt->value->stringval)
		charge(ctxt, strlen((const char *)ctxt->value->stringval));
}

#define CHARGED(i, cname) \
	static void cname(xmlXPathParserContextPtr ctxt, int nargs) \
	{ charged_call(ctxt, nargs, &charged_funcs[i]); }
CHARGED(0, charged_string)
CHARGED(1, charged_string_length)
CHARGED(2, charged_normalize)
CHARGED(3, charged_concat)
CHARGED(4, charged_contains)
CHARGED(5, charged_starts_with)
CHARGED(6, charged_substring)
CHARGED(7, charged_substring_before)
CHARGED(8, charged_substring_after)
CHARGED(9, charged_translate)

static const xmlXPathFunction charged_wrappers[] = {
	charged_string, charged_string_length, charged_normalize, charged_concat,
	charged_contains, charged_starts_with, charged_substring,
	charged_substring_before, charged_substring_after, charged_translate,
};

static xmlXPathFunction
charged_lookup(void *data, const xmlChar *name, const xmlChar *ns_uri)
{
	(void)data;
	if (ns_uri)
		return NULL;
	for (size_t i = 0; i < sizeof charged_funcs / sizeof *charged_funcs; i++)
		if (!strcmp((const char *)name, charged_funcs[i].name))
			return charged_wrappers[i];
	return NULL;
}

/* Put n into parent's children after prev (first when prev is NULL),
 * with no merging of text nodes. */
static void
link_after(xmlNodePtr n, xmlNodePtr parent, xmlNodePtr prev)
{
	n->parent = parent;
	n->prev = prev;
	n->next = prev ? prev->next : parent->children;
	if (n->next)
		n->next->prev = n;
	else
		parent->last = n;
	if (prev)
		prev->next = n;
	else
		parent->children = n;
}

static void
add_text_node(xmlDocPtr doc, xmlNodePtr *nodes, const struct dom *d, int t)
{
	const struct dom_text *x = &d->texts[t];
	if ((x->flags & TEXT_BREAK) || x->len == 0 || x->elem < 0)
		return;
	xmlNodePtr tn = xmlNewDocTextLen(doc, (const xmlChar *)dom_text(d, t),
					 (int)x->len);
	if (!tn)
		die("out of memory (libxml2: a text node)");
	/* linked by hand: xmlAddChild would merge tn into a text node before
	 * it, and a strip: of text() must find each of the table's texts */
	tn->_private = (void *)(intptr_t)(t + 1);
	link_after(tn, nodes[x->elem], nodes[x->elem]->last);
}

/* libxml2's own messages ("xmlXPathCompOpEval: function ends-with not
 * found") would reach stderr raw: the same problems come through
 * on_error as pith's "FILE:LINE: reason", so these are dropped. */
static void
quiet_generic(void *ctx, const char *msg, ...)
{
	(void)ctx, (void)msg;
}

struct xpath_doc *
xpath_doc_new(const struct dom *d)
{
	xmlInitParser();
	struct xpath_doc *x = xcalloc(1, sizeof *x);
	x->d = d;
	xmlSetGenericErrorFunc(NULL, quiet_generic);
	x->doc = xmlNewDoc((const xmlChar *)"1.0");
	if (!x->doc)
		die("out of memory (libxml2: a document)");
	xmlNodePtr *nodes = xcalloc((size_t)d->n + 1, sizeof *nodes);
	int t = 0;
	for (int i = 0; i < d->n; i++) {
		/* texts before element i in document order go first */
		for (; t < d->text_begin[i]; t++)
			add_text_node(x->doc, nodes, d, t);
		xmlNodePtr nd = xmlNewDocNode(x->doc, NULL,
					      (const xmlChar *)dom_tagname(d, i), NULL);
		if (!nd)
			die("out of memory (libxml2: an element)");
		nd->_private = (void *)(intptr_t)(i + 1);
		for (int a = d->attr_begin[i]; a < d->attr_begin[i + 1]; a++) {
			const char *name = d->pool + d->attrs[a].name;
			const char *value = d->pool + d->attrs[a].value;
			xmlNewProp(nd, (const xmlChar *)name, (const xmlChar *)value);
		}
		nodes[i] = nd;
		if (d->parent[i] >= 0)
			xmlAddChild(nodes[d->parent[i]], nd);
		else
			xmlAddChild((xmlNodePtr)x->doc, nd);
	}
	for (; t < d->ntexts; t++)
		add_text_node(x->doc, nodes, d, t);
	free(nodes);
	x->ctx = xmlXPathNewContext(x->doc);
	if (!x->ctx)
		die("out of memory (libxml2: an XPath context)");
	x->ctx->error = on_error;
	x->ctx->userData = x->err;
	x->ctx->opLimit = XPATH_BUDGET;
	xmlXPathRegisterFuncLookup(x->ctx, charged_lookup, NULL);
	return x;
}

bool
xpath_over_budget(const struct xpath_doc *x)
{
	return x->ctx->opCount >= x->ctx->opLimit;
}

bool
xpath_budget_note(struct xpath_doc *x, char *err, size_t errlen)
{
	if (!xpath_over_budget(x) || x->noted)
		return false;
	x->noted = true;
	snprintf(err, errlen, "over the page's XPath budget (%lu steps): "
		 "the rest of the rule is skipped", XPATH_BUDGET);
	return true;
}

unsigned long
xpath_budget_used(const struct xpath_doc *x)
{
	return x->ctx->opCount;
}

void
xpath_doc_free(struct xpath_doc *x)
{
	if (!x)
		return;
	xpath_restore(x);
	free(x->cut);
	xmlXPathFreeContext(x->ctx);
	xmlFreeDoc(x->doc);
	free(x);
}

/* XPath 1.0's functions, node tests and operator names ("a and (b)"). */
static const char *const xpath1_names[] = {
	"and", "div", "mod", "or", "boolean", "ceiling", "comment", "concat", "contains", "count",
	"false", "floor", "id", "lang", "last", "local-name", "name",
	"namespace-uri", "node", "normalize-space", "not", "number",
	"position", "processing-instruction", "round", "starts-with",
	"string", "string-length", "substring", "substring-after",
	"substring-before", "sum", "text", "translate", "true",
};

static int
known_function(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof xpath1_names / sizeof *xpath1_names; i++)
		if (strlen(xpath1_names[i]) == n && !memcmp(xpath1_names[i], s, n))
			return 1;
	return 0;
}

/* A name followed by '(' outside string literals, that is not an XPath 1.0
 * function or node test. */
static int
unknown_function(const char *e, char *err, size_t errlen)
{
	for (const char *p = e; *p;) {
		if (*p == '\'' || *p == '"') {
			const char *q = strchr(p + 1, *p);
			if (!q)
				return 0;
			p = q + 1;
			continue;
		}
		if (isalpha((unsigned char)*p) || *p == '_') {
			const char *s = p;
			/* a QName (prefix:name) ends at an axis's "::" */
			while (isalnum((unsigned char)*p) || *p == '-' || *p == '_' ||
			       *p == '.' || (*p == ':' && p[1] != ':' && (p == s || p[-1] != ':')))
				p++;
			const char *q = p;
			while (*q == ' ' || *q == '\t')
				q++;
			/* an axis "child::" is followed by "::", not "(" */
			if (*q == '(' && !known_function(s, (size_t)(p - s)) &&
			    (s == e || (s[-1] != '@' && s[-1] != '$'))) {
				snprintf(err, errlen, "unknown function %.*s() (not XPath 1.0)",
					 (int)(p - s), s);
				return 1;
			}
			continue;
		}
		p++;
	}
	return 0;
}

static xmlXPathCompExprPtr
compile(xmlXPathContextPtr ctx, char *msg, const char *expr, char *err,
	size_t errlen)
{
	if (!*expr) {
		snprintf(err, errlen, "empty expression");
		return NULL;
	}
	if (strlen(expr) > XPATH_MAX_EXPR) {
		snprintf(err, errlen, "expression longer than %d bytes", XPATH_MAX_EXPR);
		return NULL;
	}
	*msg = '\0';
	xmlXPathCompExprPtr c = xmlXPathCtxtCompile(ctx, (const xmlChar *)expr);
	if (!c)
		snprintf(err, errlen, "%s", *msg ? msg : "invalid XPath expression");
	return c;
}

int
xpath_check(const char *expr, char *err, size_t errlen)
{
	xmlInitParser();
	char msg[ERRLEN] = "";
	xmlXPathContextPtr ctx = xmlXPathNewContext(NULL);
	if (!ctx)
		die("out of memory (libxml2: an XPath context)");
	ctx->error = on_error;
	ctx->userData = msg;
	xmlXPathCompExprPtr c = compile(ctx, msg, expr, err, errlen);
	xmlXPathFreeContext(ctx);
	if (!c)
		return -1;
	if (unknown_function(expr, err, errlen)) {
		xmlXPathFreeCompExpr(c);
		return -1;
	}
	/* undefined namespace prefixes and variables only show when a step
	 * runs: run it once on <html><body/></html> */
	xmlSetGenericErrorFunc(NULL, quiet_generic);
	xmlDocPtr doc = xmlNewDoc((const xmlChar *)"1.0");
	xmlNodePtr html = xmlNewDocNode(doc, NULL, (const xmlChar *)"html", NULL);
	if (!doc || !html)
		die("out of memory (libxml2: a document)");
	xmlAddChild((xmlNodePtr)doc, html);
	xmlNewChild(html, NULL, (const xmlChar *)"body", NULL);
	ctx = xmlXPathNewContext(doc);
	if (!ctx)
		die("out of memory (libxml2: an XPath context)");
	ctx->error = on_error;
	ctx->userData = msg;
	ctx->opLimit = XPATH_BUDGET;
	xmlXPathRegisterFuncLookup(ctx, charged_lookup, NULL);
	msg[0] = '\0';
	xmlXPathObjectPtr o = xmlXPathCompiledEval(c, ctx);
	int rc = 0;
	if (!o) {
		snprintf(err, errlen, "%s", *msg ? msg : "XPath evaluation failed");
		rc = -1;
	}
	xmlXPathFreeObject(o);
	xmlXPathFreeContext(ctx);
	xmlFreeDoc(doc);
	xmlXPathFreeCompExpr(c);
	return rc;
}

static xmlXPathObjectPtr
eval(struct xpath_doc *x, const char *expr, char *err, size_t errlen)
{
	xmlXPathCompExprPtr c = compile(x->ctx, x->err, expr, err, errlen);
	if (!c)
		return NULL;
	x->err[0] = '\0';
	/* the budget is the page's: once spent, nothing more runs */
	if (x->ctx->opCount >= x->ctx->opLimit) {
		xmlXPathFreeCompExpr(c);
		snprintf(err, errlen, "over the page's XPath budget (%lu steps)", XPATH_BUDGET);
		return NULL;
	}
	x->ctx->node = (xmlNodePtr)x->doc;
	xmlXPathObjectPtr o = xmlXPathCompiledEval(c, x->ctx);
	xmlXPathFreeCompExpr(c);
	if (!o)
		snprintf(err, errlen, "%s", x->err[0] ? x->err : "XPath evaluation failed");
	return o;
}

/* eval() of an expression that must give a node-set. */
static xmlXPathObjectPtr
eval_nodes(struct xpath_doc *x, const char *expr, char *err, size_t errlen)
{
	xmlXPathObjectPtr o = eval(x, expr, err, errlen);
	if (o && o->type != XPATH_NODESET) {
		xmlXPathFreeObject(o);
		snprintf(err, errlen, "the expression gives a value, not nodes");
		return NULL;
	}
	return o;
}

int
xpath_select(struct xpath_doc *x, const char *expr, int **ids,
	     char *err, size_t errlen)
{
	return xpath_select_nodes(x, expr, false, ids, err, errlen);
}

int
xpath_select_nodes(struct xpath_doc *x, const char *expr, bool elements_only,
		   int **ids, char *err, size_t errlen)
{
	*ids = NULL;
	xmlXPathObjectPtr o = eval_nodes(x, expr, err, errlen);
	if (!o)
		return -1;
	int n = o->nodesetval ? o->nodesetval->nodeNr : 0, k = 0;
	int *v = n ? xmalloc((size_t)n * sizeof *v) : NULL;
	for (int i = 0; i < n; i++) {
		xmlNodePtr nd = o->nodesetval->nodeTab[i];
		if (elements_only && nd->type != XML_ELEMENT_NODE)
			continue;
		int id = node_id(nd);
		if (id >= 0)
			v[k++] = id;
	}
	xmlXPathFreeObject(o);
	/* ids are document order; a text and its element may both be there */
	if (k > 1)
		qsort(v, (size_t)k, sizeof *v, int_cmp);
	int m = 0;
	for (int i = 0; i < k; i++)
		if (m == 0 || v[m - 1] != v[i])
			v[m++] = v[i];
	if (m == 0) {
		free(v);
		v = NULL;
	}
	*ids = v;
	return m;
}

int
xpath_string(struct xpath_doc *x, const char *expr, char **out,
	     char *err, size_t errlen)
{
	*out = NULL;
	xmlXPathObjectPtr o = eval(x, expr, err, errlen);
	if (!o)
		return -1;
	xmlChar *s = NULL;
	if (o->type == XPATH_NODESET) {
		if (o->nodesetval && o->nodesetval->nodeNr > 0)
			s = xmlXPathCastNodeToString(o->nodesetval->nodeTab[0]);
	} else {
		s = xmlXPathCastToString(o);
	}
	xmlXPathFreeObject(o);
	if (s) {
		struct buf b;
		buf_init(&b);
		text_collapse((const char *)s, strlen((const char *)s), &b);
		xmlFree(s);
		if (b.len)
			*out = buf_steal(&b, NULL);
		buf_free(&b);
	}
	return 0;
}

void
xpath_quote(struct buf *out, const char *s)
{
	if (!strchr(s, '\'')) {
		buf_printf(out, "'%s'", s);
		return;
	}
	if (!strchr(s, '"')) {
		buf_printf(out, "\"%s\"", s);
		return;
	}
	/* both quotes: concat('it', "'", 's') */
	buf_adds(out, "concat(");
	const char *p = s;
	int first = 1;
	while (*p) {
		size_t n = strcspn(p, "'");
		if (!first)
			buf_addc(out, ',');
		first = 0;
		if (n) {
			buf_printf(out, "'%.*s'", (int)n, p);
			p += n;
		} else {
			buf_adds(out, "\"'\"");
			p++;
		}
	}
	buf_addc(out, ')');
}

int
xpath_strip(struct xpath_doc *x, const char *expr, int **ids, int **texts, int *ntexts,
	    char *err, size_t errlen)
{
	*ids = NULL;
	*texts = NULL;
	*ntexts = 0;
	xmlXPathObjectPtr o = eval_nodes(x, expr, err, errlen);
	if (!o)
		return -1;
	int n = o->nodesetval ? o->nodesetval->nodeNr : 0, k = 0, kt = 0;
	int *v = n ? xmalloc((size_t)n * sizeof *v) : NULL;
	int *tv = n ? xmalloc((size_t)n * sizeof *tv) : NULL;
	for (int i = 0; i < n; i++) {
		xmlNodePtr nd = o->nodesetval->nodeTab[i];
		if (!nd)
			continue;
		/* a node under one removed before it is gone with it */
		bool linked = true;
		for (xmlNodePtr p = nd; p && linked; p = p->parent)
			linked = p->type == XML_DOCUMENT_NODE || p->parent != NULL;
		if (!linked)
			continue;
		if (nd->type == XML_ELEMENT_NODE && nd->_private)
			v[k++] = (int)((intptr_t)nd->_private - 1);
		else if (nd->type == XML_TEXT_NODE && nd->_private)
			tv[kt++] = (int)((intptr_t)nd->_private - 1);
		else
			continue;       /* attributes, comments: no text of the page */
		if (x->ncut == x->capcut) {
			x->capcut = x->capcut ? 2 * x->capcut : 16;
			x->cut = xreallocarray(x->cut, (size_t)x->capcut, sizeof *x->cut);
		}
		x->cut[x->ncut++] = (struct unlinked){ nd, nd->parent, nd->prev };
		xmlUnlinkNode(nd);
	}
	xmlXPathFreeObject(o);
	if (k > 1)
		qsort(v, (size_t)k, sizeof *v, int_cmp);
	if (kt > 1)
		qsort(tv, (size_t)kt, sizeof *tv, int_cmp);
	if (!k) {
		free(v);
		v = NULL;
	}
	if (!kt) {
		free(tv);
		tv = NULL;
	}
	*ids = v;
	*texts = tv;
	*ntexts = kt;
	return k;
}

void
xpath_restore(struct xpath_doc *x)
{
	/* in reverse, each node's neighbours are back where they were */
	while (x->ncut > 0) {
		struct unlinked *u = &x->cut[--x->ncut];
		link_after(u->node, u->parent, u->prev);
	}
}
