/* export.c - a rule for other readers: its XPaths as CSS selectors,
 * Postlight-parser JSON and a selector string. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/rules-int.h"

/* ---- export: XPath to CSS, for the expressions that have a CSS form ---- */

static void
skip_ws(const char **p)
{
	while (**p == ' ' || **p == '\t')
		(*p)++;
}

static bool
eat(const char **p, const char *s)
{
	skip_ws(p);
	size_t n = strlen(s);
	if (strncmp(*p, s, n))
		return false;
	*p += n;
	return true;
}

static bool
read_name(const char **p, char *out, size_t n)
{
	skip_ws(p);
	const char *s = *p;
	if (!isalpha((unsigned char)*s) && *s != '_')
		return false;
	while (isalnum((unsigned char)**p) || **p == '_' || **p == '-' || **p == '.')
		(*p)++;
	if ((size_t)(*p - s) >= n)
		return false;
	memcpy(out, s, (size_t)(*p - s));
	out[*p - s] = '\0';
	return true;
}

static bool
read_literal(const char **p, char *out, size_t n)
{
	skip_ws(p);
	char q = **p;
	if (q != '\'' && q != '"')
		return false;
	const char *e = strchr(*p + 1, q);
	if (!e || (size_t)(e - *p - 1) >= n)
		return false;
	memcpy(out, *p + 1, (size_t)(e - *p - 1));
	out[e - *p - 1] = '\0';
	*p = e + 1;
	return true;
}

static bool
css_ident(const char *s)
{
	const char *p = s;
	if (*p == '-')
		p++;
	if (!isalpha((unsigned char)*p) && *p != '_')
		return false;
	for (; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '-')
			return false;
	return true;
}

static void
css_string(struct buf *b, const char *s)
{
	buf_addc(b, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			buf_addc(b, '\\');
		buf_addc(b, *s);
	}
	buf_addc(b, '"');
}

/* One predicate term; false when it has no CSS form. */
static bool
css_term(const char **p, struct buf *b, bool star, bool first)
{
	char name[128], lit[512];
	const char *save = *p;
	skip_ws(p);
	if (isdigit((unsigned char)**p)) {
		if (!first)
			return false;  /* a position after a filter counts the filtered */
		long n = strtol(*p, (char **)p, 10);
		buf_printf(b, star ? ":nth-child(%ld)" : ":nth-of-type(%ld)", n);
		return true;
	}
	if (eat(p, "@")) {
		if (!read_name(p, name, sizeof name))
			return false;
		if (!eat(p, "=")) {
			buf_printf(b, "[%s]", name);
			return true;
		}
		if (!read_literal(p, lit, sizeof lit))
			return false;
		if (!strcmp(name, "id") && css_ident(lit)) {
			buf_printf(b, "#%s", lit);
		} else {
			buf_printf(b, "[%s=", name);
			css_string(b, lit);
			buf_addc(b, ']');
		}
		return true;
	}
	*p = save;
	if (eat(p, "contains(")) {
		/* the class-token idiom */
		const char *q = *p;
		if (eat(&q, "concat(") && read_literal(&q, lit, sizeof lit) && !strcmp(lit, " ") &&
		    eat(&q, ",") && eat(&q, "normalize-space(") && eat(&q, "@") &&
		    read_name(&q, name, sizeof name) && eat(&q, ")") && eat(&q, ",") &&
		    read_literal(&q, lit, sizeof lit) && !strcmp(lit, " ") && eat(&q, ")") &&
		    eat(&q, ",") && read_literal(&q, lit, sizeof lit) && eat(&q, ")")) {
			size_t n = strlen(lit);
			if (n < 3 || lit[0] != ' ' || lit[n - 1] != ' ')
				return false;
			lit[n - 1] = '\0';
			const char *tok = lit + 1;
			if (strchr(tok, ' '))
				return false;
			if (!strcmp(name, "class") && css_ident(tok)) {
				buf_printf(b, ".%s", tok);
			} else {
				buf_printf(b, "[%s~=", name);
				css_string(b, tok);
				buf_addc(b, ']');
			}
			*p = q;
			return true;
		}
	}
	*p = save;
	const char *op = NULL;
	if (eat(p, "contains("))
		op = "*=";
	else if ((*p = save, eat(p, "starts-with(")))
		op = "^=";
	if (op && eat(p, "@") && read_name(p, name, sizeof name) && eat(p, ",") &&
	    read_literal(p, lit, sizeof lit) && eat(p, ")")) {
		buf_printf(b, "[%s%s", name, op);
		css_string(b, lit);
		buf_addc(b, ']');
		return true;
	}
	return false;
}

/* One location path (no unions). */
static bool
css_path(const char **p, struct buf *b, char *attr, size_t attrlen)
{
	skip_ws(p);
	bool descendant;
	if (eat(p, "//"))
		descendant = true;
	else if (eat(p, "/"))
		descendant = false;
	else
		return false;
	bool first = true;
	for (;;) {
		char name[128];
		skip_ws(p);
		if (**p == '@') {
			/* a trailing attribute step: the selector plus an attribute */
			(*p)++;
			if (first || descendant || !read_name(p, name, sizeof name))
				return false;
			snprintf(attr, attrlen, "%s", name);
			skip_ws(p);
			return **p == '\0' || **p == '|';
		}
		bool star = false;
		if (**p == '*') {
			(*p)++;
			star = true;
			snprintf(name, sizeof name, "*");
		} else if (!read_name(p, name, sizeof name)) {
			return false;
		}
		skip_ws(p);
		if (**p == '(' || **p == ':')
			return false;   /* text(), node(), axes */
		if (!first)
			buf_adds(b, descendant ? " " : " > ");
		size_t at = b->len;
		if (!star)
			buf_adds(b, name);
		bool firstpred = true;
		while (eat(p, "[")) {
			do {
				if (!css_term(p, b, star, firstpred))
					return false;
			} while (eat(p, "and "));
			if (!eat(p, "]"))
				return false;
			firstpred = false;
		}
		if (star && b->len == at)
			buf_addc(b, '*');
		first = false;
		skip_ws(p);
		if (eat(p, "//"))
			descendant = true;
		else if (eat(p, "/"))
			descendant = false;
		else
			break;
	}
	skip_ws(p);
	return **p == '\0' || **p == '|';
}

int
rules_xpath_to_css(const char *xpath, struct buf *out, char *attr, size_t attrlen)
{
	struct buf b;
	buf_init(&b);
	const char *p = xpath;
	attr[0] = '\0';
	for (int branch = 0;; branch++) {
		char a[128] = "";
		if (!css_path(&p, &b, a, sizeof a))
			break;
		/* every branch of a union must agree on the attribute */
		if (branch == 0)
			snprintf(attr, attrlen, "%s", a);
		else if (strcmp(attr, a))
			break;
		skip_ws(&p);
		if (*p == '\0') {
			buf_add(out, b.data, b.len);
			buf_free(&b);
			return 0;
		}
		p++;   /* '|' */
		buf_adds(&b, ", ");
	}
	buf_free(&b);
	attr[0] = '\0';
	return -1;
}

/* A selector list being built, as JSON strings or as plain CSS. */
struct sel_list {
	struct buf b;
	int n;
	bool json;
};

static void
sel_add(struct sel_list *l, const char *css, const char *attr)
{
	buf_adds(&l->b, l->n++ ? ", " : "");
	if (!l->json) {
		buf_adds(&l->b, css);
		return;
	}
	if (!*attr) {
		buf_add_json(&l->b, css, strlen(css));
		return;
	}
	/* Postlight reads a meta element's content as "value" */
	if (!strcmp(attr, "content") && !strncmp(css, "meta", 4))
		attr = "value";
	buf_addc(&l->b, '[');
	buf_add_json(&l->b, css, strlen(css));
	buf_addc(&l->b, ',');
	buf_add_json(&l->b, attr, strlen(attr));
	buf_addc(&l->b, ']');
}

/* The CSS forms of a directive's XPaths; the others go to diag. */
static int
sel_xpaths(struct sel_list *l, const struct rule *r, const struct rule_list *x,
	   bool attrs_ok, rules_diag diag, void *ctx)
{
	int bad = 0;
	for (int i = 0; i < x->n; i++) {
		struct buf css;
		char attr[128];
		buf_init(&css);
		if (rules_xpath_to_css(x->v[i], &css, attr, sizeof attr) < 0 ||
		    (*attr && !attrs_ok))
			rules_report(diag, ctx, &bad, r->path, x->line[i],
			       "not expressible in CSS: %s", x->v[i]);
		else
			sel_add(l, css.data, attr);
		buf_free(&css);
	}
	return bad;
}

/* What a rule removes: strip XPaths, strip_id_or_class words (class or
 * id token), strip_image_src (img src substring). */
static int
sel_strips(struct sel_list *l, const struct rule *r, rules_diag diag, void *ctx)
{
	int bad = sel_xpaths(l, r, &r->strip, false, diag, ctx);
	struct buf c;
	buf_init(&c);
	for (int i = 0; i < r->strip_id_or_class.n; i++) {
		char *v = rules_unquoted(r->strip_id_or_class.v[i]);
		if (css_ident(v)) {
			c.len = 0;
			buf_printf(&c, ".%s", v);
			sel_add(l, c.data, "");
			c.len = 0;
			buf_printf(&c, "#%s", v);
			sel_add(l, c.data, "");
		} else {
			rules_report(diag, ctx, &bad, r->path, r->strip_id_or_class.line[i],
			       "not expressible in CSS: strip_id_or_class: %s", v);
		}
		free(v);
	}
	for (int i = 0; i < r->strip_image_src.n; i++) {
		char *v = rules_unquoted(r->strip_image_src.v[i]);
		c.len = 0;
		buf_adds(&c, "img[src*=");
		css_string(&c, v);
		buf_addc(&c, ']');
		sel_add(l, c.data, "");
		free(v);
	}
	buf_free(&c);
	return bad;
}

static void
json_key(struct buf *b, const char *key, bool *first)
{
	buf_adds(b, *first ? "\n" : ",\n");
	*first = false;
	buf_printf(b, "  \"%s\": ", key);
}

int
rules_export_json(const struct rule *r, struct buf *out, rules_diag diag, void *ctx)
{
	int bad = 0;
	bool first = true;
	const char *host = r->host ? r->host : "";
	if (*host == '.')
		host++;
	buf_addc(out, '{');
	json_key(out, "domain", &first);
	buf_add_json(out, host, strlen(host));
	const struct { const char *key; const struct rule_list *l; } fields[] = {
		{ "title", &r->title }, { "author", &r->author },
		{ "date_published", &r->date },
	};
	for (size_t f = 0; f < sizeof fields / sizeof *fields; f++) {
		struct sel_list l = { .json = true };
		buf_init(&l.b);
		bad += sel_xpaths(&l, r, fields[f].l, true, diag, ctx);
		if (l.n) {
			json_key(out, fields[f].key, &first);
			buf_printf(out, "{\"selectors\": [%s]}", l.b.data);
		}
		buf_free(&l.b);
	}
	struct sel_list sel = { .json = true }, clean = { .json = true };
	buf_init(&sel.b);
	buf_init(&clean.b);
	bad += sel_xpaths(&sel, r, &r->body, false, diag, ctx);
	bad += sel_strips(&clean, r, diag, ctx);
	json_key(out, "content", &first);
	buf_printf(out, "{\"selectors\": [%s], \"clean\": [%s]}\n}\n",
		   sel.n ? sel.b.data : "", clean.n ? clean.b.data : "");
	buf_free(&sel.b);
	buf_free(&clean.b);
	return bad;
}

int
rules_export_css(const struct rule *r, struct buf *out, rules_diag diag, void *ctx)
{
	struct sel_list body = { .json = false }, strip = { .json = false };
	buf_init(&body.b);
	buf_init(&strip.b);
	int bad = sel_xpaths(&body, r, &r->body, false, diag, ctx);
	bad += sel_strips(&strip, r, diag, ctx);
	buf_printf(out, "%s\n", body.n ? body.b.data : "");
	if (strip.n)
		buf_printf(out, "strip: %s\n", strip.b.data);
	buf_free(&body.b);
	buf_free(&strip.b);
	return bad;
}
