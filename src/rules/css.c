/* css.c - CSS selectors read as XPath 1.0. */
#include "config.h"

#include "rules/css.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct css {
	const char *p;
	char *err;
	size_t errlen;
	bool failed;
};

static void
fail(struct css *c, const char *what)
{
	if (!c->failed)
		snprintf(c->err, c->errlen, "%s at '%.20s'", what, *c->p ? c->p : "the end");
	c->failed = true;
}

static void
skip_ws(struct css *c)
{
	while (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r' || *c->p == '\f')
		c->p++;
}

static bool
is_identchar(unsigned char ch)
{
	return isalnum(ch) || ch == '-' || ch == '_' || ch >= 0x80;
}

/* An identifier (a backslash takes the next character as it is), into
 * out; lower-cased for names of elements and attributes. */
static bool
ident(struct css *c, struct buf *out, bool lower)
{
	const char *start = c->p;
	while (*c->p) {
		unsigned char ch = (unsigned char)*c->p;
		if (ch == '\\' && c->p[1]) {
			buf_addc(out, c->p[1]);
			c->p += 2;
			continue;
		}
		if (!is_identchar(ch))
			break;
		buf_addc(out, lower ? (char)tolower(ch) : (char)ch);
		c->p++;
	}
	if (c->p == start || isdigit((unsigned char)*start)) {
		fail(c, "a name expected");
		return false;
	}
	return true;
}

/* s as an XPath string literal. */
static void
literal(struct buf *out, const char *s)
{
	if (!strchr(s, '\'')) {
		buf_printf(out, "'%s'", s);
	} else if (!strchr(s, '"')) {
		buf_printf(out, "\"%s\"", s);
	} else {
		buf_adds(out, "concat(");
		for (const char *q = s; *q;) {
			size_t n = strcspn(q, "'");
			if (q != s)
				buf_addc(out, ',');
			if (n) {
				buf_addc(out, '\'');
				buf_add(out, q, n);
				buf_adds(out, "',");
			}
			q += n;
			if (*q) {
				buf_adds(out, "\"'\"");
				q++;
			}
			if (!*q)
				break;
		}
		buf_addc(out, ')');
	}
}

static const char upper[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", lowerc[] = "abcdefghijklmnopqrstuvwxyz";

/* [attr op value flag]: a boolean expression into out. */
static void
attribute(struct css *c, struct buf *out)
{
	c->p++;         /* [ */
	skip_ws(c);
	struct buf name, val, a;
	buf_init(&name);
	buf_init(&val);
	buf_init(&a);
	if (!ident(c, &name, true))
		goto done;
	skip_ws(c);
	char op = 0;
	if (*c->p == '=') {
		op = '=';
		c->p++;
	} else if (*c->p && strchr("~|^$*", *c->p) && c->p[1] == '=') {
		op = *c->p;
		c->p += 2;
	}
	if (!op) {
		if (*c->p != ']') {
			fail(c, "']' expected");
			goto done;
		}
		c->p++;
		buf_printf(out, "@%s", name.data);
		goto done;
	}
	skip_ws(c);
	if (*c->p == '"' || *c->p == '\'') {
		char q = *c->p++;
		const char *e = strchr(c->p, q);
		if (!e) {
			fail(c, "an unclosed string");
			goto done;
		}
		buf_add(&val, c->p, (size_t)(e - c->p));
		c->p = e + 1;
	} else if (!ident(c, &val, false)) {
		goto done;
	}
	buf_adds(&val, "");
	skip_ws(c);
	bool nocase = false;
	if ((*c->p == 'i' || *c->p == 'I') && !is_identchar((unsigned char)c->p[1])) {
		nocase = true;
		c->p++;
		skip_ws(c);
	}
	if (*c->p != ']') {
		fail(c, "']' expected");
		goto done;
	}
	c->p++;
	if (nocase) {
		buf_printf(&a, "translate(@%s,'%s','%s')", name.data, upper, lowerc);
		for (char *q = val.data; *q; q++)
			*q = (char)tolower((unsigned char)*q);
	} else {
		buf_printf(&a, "@%s", name.data);
	}
	switch (op) {
	case '=':
		buf_printf(out, "%s=", a.data);
		literal(out, val.data);
		break;
	case '~':
		buf_printf(out, "contains(concat(' ',normalize-space(%s),' '),concat(' ',", a.data);
		literal(out, val.data);
		buf_adds(out, ",' '))");
		break;
	case '|':
		buf_printf(out, "(%s=", a.data);
		literal(out, val.data);
		buf_printf(out, " or starts-with(%s,concat(", a.data);
		literal(out, val.data);
		buf_adds(out, ",'-')))");
		break;
	case '^':
		buf_printf(out, "starts-with(%s,", a.data);
		literal(out, val.data);
		buf_addc(out, ')');
		break;
	case '$':
		buf_printf(out, "substring(%s,string-length(%s)-%zu)=", a.data, a.data,
			   strlen(val.data) ? strlen(val.data) - 1 : 0);
		literal(out, val.data);
		break;
	default:
		buf_printf(out, "contains(%s,", a.data);
		literal(out, val.data);
		buf_addc(out, ')');
		break;
	}
	/* CSS: an empty value for ^= $= *= matches nothing (out holds
	 * this one part) */
	if (!*val.data && (op == '^' || op == '$' || op == '*')) {
		out->len = 0;
		buf_adds(out, "false()");
	}
done:
	buf_free(&name);
	buf_free(&val);
	buf_free(&a);
}

static bool compound(struct css *c, struct buf *tag, struct buf *preds, bool in_not);

/* A pseudo-class after ':': a boolean expression into out; tag is the
 * compound's element name ("*" for any). */
static void
pseudo(struct css *c, const char *tag, struct buf *out)
{
	const char *at = c->p++;        /* : */
	struct buf name;
	buf_init(&name);
	if (!ident(c, &name, true)) {
		buf_free(&name);
		return;
	}
	const char *n = name.data;
	bool typed = strcmp(tag, "*") != 0;
	if (!strcmp(n, "first-child")) {
		buf_adds(out, "not(preceding-sibling::*)");
	} else if (!strcmp(n, "last-child")) {
		buf_adds(out, "not(following-sibling::*)");
	} else if (!strcmp(n, "only-child")) {
		buf_adds(out, "not(preceding-sibling::*) and not(following-sibling::*)");
	} else if (!strcmp(n, "empty")) {
		buf_adds(out, "not(node())");
	} else if (typed && !strcmp(n, "first-of-type")) {
		buf_printf(out, "not(preceding-sibling::%s)", tag);
	} else if (typed && !strcmp(n, "last-of-type")) {
		buf_printf(out, "not(following-sibling::%s)", tag);
	} else if (!strcmp(n, "nth-child") || (typed && !strcmp(n, "nth-of-type"))) {
		if (*c->p != '(') {
			fail(c, "'(' expected");
		} else {
			c->p++;
			skip_ws(c);
			char *end;
			long k = strtol(c->p, &end, 10);
			if (end == c->p || k < 1 || k > 100000) {
				fail(c, "a position (1, 2, ...) expected");
			} else {
				c->p = end;
				skip_ws(c);
				if (*c->p != ')')
					fail(c, "')' expected");
				else
					c->p++;
				buf_printf(out, "count(preceding-sibling::%s)=%ld",
					   n[4] == 'c' ? "*" : tag, k - 1);
			}
		}
	} else if (!strcmp(n, "not")) {
		if (*c->p != '(') {
			fail(c, "'(' expected");
		} else {
			c->p++;
			skip_ws(c);
			struct buf t, p;
			buf_init(&t);
			buf_init(&p);
			if (compound(c, &t, &p, true)) {
				skip_ws(c);
				if (*c->p != ')')
					fail(c, "')' expected");
				else
					c->p++;
				bool any = !strcmp(t.data, "*");
				if (any && !p.len)
					buf_adds(out, "false()");      /* :not(*) */
				else
					buf_printf(out, "not(%s%s%s%s)", any ? "" : "self::",
						   any ? "" : t.data, !any && p.len ? " and " : "",
						   p.len ? p.data : "");
			}
			buf_free(&t);
			buf_free(&p);
		}
	} else {
		c->p = at;
		fail(c, typed || (strcmp(n, "nth-of-type") && strcmp(n, "first-of-type") &&
				  strcmp(n, "last-of-type")) ?
			"an unknown pseudo-class" : "a type selector is needed before");
	}
	buf_free(&name);
}

/* A compound selector: its element name into tag ("*" for any), its
 * other parts into preds as one boolean expression ("" when none). */
static bool
compound(struct css *c, struct buf *tag, struct buf *preds, bool in_not)
{
	bool any = false;
	if (*c->p == '*') {
		buf_adds(tag, "*");
		c->p++;
		any = true;
	} else if (is_identchar((unsigned char)*c->p) || *c->p == '\\') {
		if (!ident(c, tag, true))
			return false;
		any = true;
	} else {
		buf_adds(tag, "*");
	}
	for (;;) {
		struct buf e;
		buf_init(&e);
		if (*c->p == '#') {
			c->p++;
			struct buf v;
			buf_init(&v);
			if (ident(c, &v, false)) {
				buf_adds(&e, "@id=");
				literal(&e, v.data);
			}
			buf_free(&v);
		} else if (*c->p == '.') {
			c->p++;
			struct buf v;
			buf_init(&v);
			if (ident(c, &v, false)) {
				buf_adds(&e, "contains(concat(' ',normalize-space(@class),' '),");
				struct buf lit;
				buf_init(&lit);
				buf_addc(&lit, ' ');
				buf_adds(&lit, v.data);
				buf_addc(&lit, ' ');
				literal(&e, lit.data);
				buf_addc(&e, ')');
				buf_free(&lit);
			}
			buf_free(&v);
		} else if (*c->p == '[') {
			attribute(c, &e);
		} else if (*c->p == ':' && c->p[1] != ':') {
			pseudo(c, tag->data, &e);
		} else {
			buf_free(&e);
			break;
		}
		if (c->failed) {
			buf_free(&e);
			return false;
		}
		if (preds->len)
			buf_adds(preds, " and ");
		buf_adds(preds, e.data);
		buf_free(&e);
		any = true;
		if (in_not && *c->p == ')')
			break;
	}
	if (!any) {
		fail(c, "a selector expected");
		return false;
	}
	buf_adds(tag, "");
	buf_adds(preds, "");
	return true;
}

static bool
complex_sel(struct css *c, struct buf *out)
{
	char comb = 0;  /* none: the first compound */
	for (;;) {
		struct buf tag, preds;
		buf_init(&tag);
		buf_init(&preds);
		if (!compound(c, &tag, &preds, false)) {
			buf_free(&tag);
			buf_free(&preds);
			return false;
		}
		switch (comb) {
		case 0:
		case ' ':
			buf_printf(out, "//%s", tag.data);
			break;
		case '>':
			buf_printf(out, "/%s", tag.data);
			break;
		case '+':
			buf_printf(out, "/following-sibling::*[1]/self::%s", tag.data);
			break;
		default:
			buf_printf(out, "/following-sibling::%s", tag.data);
			break;
		}
		if (preds.len)
			buf_printf(out, "[%s]", preds.data);
		buf_free(&tag);
		buf_free(&preds);
		const char *before = c->p;
		skip_ws(c);
		if (!*c->p || *c->p == ',')
			return true;
		if (*c->p == '>' || *c->p == '+' || *c->p == '~') {
			comb = *c->p++;
			skip_ws(c);
		} else if (c->p != before) {
			comb = ' ';
		} else {
			fail(c, "a combinator or ',' expected");
			return false;
		}
	}
}

int
css_to_xpath(const char *css, struct buf *out, char *err, size_t errlen)
{
	struct css c = { .p = css, .err = err, .errlen = errlen, .failed = false };
	size_t start = out->len;
	skip_ws(&c);
	if (!*c.p) {
		snprintf(err, errlen, "an empty selector");
		return -1;
	}
	for (;;) {
		if (!complex_sel(&c, out))
			break;
		if (!*c.p) {
			buf_adds(out, "");
			return 0;
		}
		c.p++;          /* , */
		skip_ws(&c);
		buf_adds(out, " | ");
	}
	out->len = start;
	if (out->data)
		out->data[start] = '\0';
	return -1;
}
