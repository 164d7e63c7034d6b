/* test-xpath.c - libxml2 XPath over the node table: each kind of
 * expression real site configs use, exact node ids, errors and limits. */
#include "testlib.h"

#include "rules/css.h"
#include "rules/xpath.h"

static const char page_html[] =
	"<!DOCTYPE html><html><head><title> The  title </title>"
	"<meta property='og:title' content='OG title'></head><body>"
	"<div id='nav'><a href='/'>Home</a></div>"
	"<div id='content' class='wrap'>"
	"<article id='art'>"
	"<h1 id='h'>Headline</h1>"
	"<time id='t' datetime='2026-01-02'>2 Jan</time>"
	"<div id='ab' class='article-body  main'>"
	"<p id='p1'>First   paragraph.</p>"
	"<p id='p2'>Hello    world</p>"
	"<p id='mix'>one <b id='b'>two</b> three</p>"
	"</div></article>"
	"<ul id='list'><li id='l1'>a</li><li id='l2'>b</li><li id='l3'>c</li></ul>"
	"</div>"
	"<div id='footer' class='article-body-footer'>Footer</div>"
	"</body></html>";

struct fx {
	struct page pg;
	struct xpath_doc *x;
};

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	test_page(&f->pg, page_html);
	f->x = xpath_doc_new(f->pg.dom);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;
	xpath_doc_free(f->x);
	page_free(&f->pg);
	free(f);
	return 0;
}

/* Select expr and compare with the elements whose id attributes are
 * listed (NULL-terminated). */
static void
expect_ids(struct fx *f, const char *expr, const char *const *want)
{
	int *ids;
	char err[256] = "";
	int n = xpath_select(f->x, expr, &ids, err, sizeof err);
	if (n < 0)
		fail_msg("%s: %s", expr, err);
	int nw = 0;
	while (want[nw])
		nw++;
	if (n != nw)
		fail_msg("%s: %d nodes, expected %d", expr, n, nw);
	for (int i = 0; i < n; i++) {
		int id = test_by_id(&f->pg, want[i]);
		if (ids[i] != id)
			fail_msg("%s: node %d is %d, expected %d (#%s)", expr, i, ids[i], id, want[i]);
	}
	free(ids);
}

#define IDS(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define NONE ((const char *const[]){ NULL })

/* A CSS selector's XPath selects what document.querySelectorAll
 * would, in document order. */
static void
expect_css(struct fx *f, const char *css, const char *const *want)
{
	struct buf x;
	buf_init(&x);
	char err[256];
	if (css_to_xpath(css, &x, err, sizeof err) < 0)
		fail_msg("%s: %s", css, err);
	expect_ids(f, x.data, want);
	buf_free(&x);
}

static void
expect_css_xpath(const char *css, const char *want)
{
	struct buf x;
	buf_init(&x);
	char err[256];
	if (css_to_xpath(css, &x, err, sizeof err) < 0)
		fail_msg("%s: %s", css, err);
	assert_string_equal(x.data, want);
	buf_free(&x);
}

static void
test_css(void **state)
{
	struct fx *f = *state;
	expect_css_xpath("div#ab.main", "//div[@id='ab' and "
			 "contains(concat(' ',normalize-space(@class),' '),' main ')]");
	expect_css_xpath("ul > li + li", "//ul/li/following-sibling::*[1]/self::li");
	expect_css_xpath("a, p", "//a | //p");
	/* a class is a token: the footer's "article-body-footer" is not */
	expect_css(f, ".article-body", IDS("ab"));
	expect_css(f, "[class*=article-body]", IDS("ab", "footer"));
	expect_css(f, "#content article p", IDS("p1", "p2", "mix"));
	expect_css(f, "article > p", NONE);
	expect_css(f, "div > p:first-child, li:last-child", IDS("p1", "l3"));
	expect_css(f, "li:nth-child(2) ~ li", IDS("l3"));
	expect_css(f, "li + li", IDS("l2", "l3"));
	expect_css(f, "p:not(#p2)", IDS("p1", "mix"));
	expect_css(f, "time[datetime^='2026']", IDS("t"));
	expect_css(f, "time[datetime$=\"-02\"]", IDS("t"));
	expect_css(f, "[id|=l], [ID=FOOTER i]", IDS("footer"));
	expect_css(f, "p:nth-of-type(3) b", IDS("b"));
	expect_css(f, "div:empty, li:not(*)", NONE);
	/* errors say what and where */
	struct buf x;
	buf_init(&x);
	char err[256];
	assert_int_equal(css_to_xpath("div[", &x, err, sizeof err), -1);
	assert_string_equal(err, "a name expected at 'the end'");
	assert_int_equal(css_to_xpath("p:hover", &x, err, sizeof err), -1);
	assert_string_equal(err, "an unknown pseudo-class at ':hover'");
	assert_int_equal(css_to_xpath("3.5", &x, err, sizeof err), -1);
	assert_int_equal(css_to_xpath("", &x, err, sizeof err), -1);
	assert_int_equal(x.len, 0);
	buf_free(&x);
}

static void
test_contains_class(void **state)
{
	/* substring contains: also the footer's "article-body-footer" */
	expect_ids(*state, "//div[contains(@class,'article-body')]", IDS("ab", "footer"));
	expect_ids(*state, "//div[contains(concat(' ',normalize-space(@class),' '),' article-body ')]",
		   IDS("ab"));
}

static void
test_descendants(void **state)
{
	expect_ids(*state, "//*[@id='content']//p", IDS("p1", "p2", "mix"));
	expect_ids(*state, "/html/body/div[2]/article/h1", IDS("h"));
}

static void
test_attribute_nodes(void **state)
{
	struct fx *f = *state;
	/* an attribute node counts as its element */
	expect_ids(f, "//article//time/@datetime", IDS("t"));
	char *s, err[256];
	int *ids;
	assert_int_equal(xpath_select_nodes(f->x, "//article//time/@datetime | //h1", true,
					    &ids, err, sizeof err), 1);
	assert_int_equal(ids[0], test_by_id(&f->pg, "h"));
	free(ids);
	assert_int_equal(xpath_string(f->x, "//article//time/@datetime", &s, err, sizeof err), 0);
	assert_string_equal(s, "2026-01-02");
	free(s);
	assert_int_equal(xpath_string(f->x, "//meta[@property='og:title']/@content", &s, err, sizeof err), 0);
	assert_string_equal(s, "OG title");
	free(s);
}

static void
test_union_and_order(void **state)
{
	/* document order whatever the order of the union */
	expect_ids(*state, "//div[@id='footer'] | //h1 | //time", IDS("h", "t", "footer"));
}

static void
test_normalize_space(void **state)
{
	struct fx *f = *state;
	expect_ids(f, "//p[normalize-space(.)='Hello world']", IDS("p2"));
	char *s, err[256];
	assert_int_equal(xpath_string(f->x, "//title", &s, err, sizeof err), 0);
	assert_string_equal(s, "The title");
	free(s);
	assert_int_equal(xpath_string(f->x, "normalize-space(//p[@id='p1'])", &s, err, sizeof err), 0);
	assert_string_equal(s, "First paragraph.");
	free(s);
}

static void
test_positions(void **state)
{
	struct fx *f = *state;
	expect_ids(f, "//ul/li[2]", IDS("l2"));
	expect_ids(f, "//ul/li[last()]", IDS("l3"));
	expect_ids(f, "(//p)[position() > 1]", IDS("p2", "mix"));
	expect_ids(f, "//li[position() mod 2 = 1]", IDS("l1", "l3"));
}

static void
test_text_order(void **state)
{
	struct fx *f = *state;
	char *s, err[256];
	/* text nodes interleave with elements as in the page */
	assert_int_equal(xpath_string(f->x, "//p[@id='mix']/text()[2]", &s, err, sizeof err), 0);
	assert_string_equal(s, "three");
	free(s);
	assert_int_equal(xpath_string(f->x, "string(//p[@id='mix'])", &s, err, sizeof err), 0);
	assert_string_equal(s, "one two three");
	free(s);
	expect_ids(f, "//p[@id='mix']/text()", IDS("mix"));
	expect_ids(f, "//b/text()/..", IDS("b"));
}

static void
test_empty_and_values(void **state)
{
	struct fx *f = *state;
	int *ids;
	char *s, err[256];
	assert_int_equal(xpath_select(f->x, "//table", &ids, err, sizeof err), 0);
	assert_null(ids);
	assert_int_equal(xpath_string(f->x, "//table", &s, err, sizeof err), 0);
	assert_null(s);
	/* a number is not a node-set */
	assert_int_equal(xpath_select(f->x, "count(//p)", &ids, err, sizeof err), -1);
	assert_string_equal(err, "the expression gives a value, not nodes");
	assert_int_equal(xpath_string(f->x, "count(//p)", &s, err, sizeof err), 0);
	assert_string_equal(s, "3");
	free(s);
}

static void
test_errors(void **state)
{
	struct fx *f = *state;
	int *ids;
	char err[256];
	assert_int_equal(xpath_select(f->x, "//div[@id='x'", &ids, err, sizeof err), -1);
	assert_string_equal(err, "invalid predicate at character 14");
	assert_int_equal(xpath_check("//div[@id='x'", err, sizeof err), -1);
	assert_string_equal(err, "invalid predicate at character 14");
	assert_int_equal(xpath_check("", err, sizeof err), -1);
	/* found by fuzz-rules: the string functions' zero-argument forms
	 * read the context node, and a checked expression has none */
	assert_int_equal(xpath_check("normalize-space()", err, sizeof err), 0);
	assert_int_equal(xpath_check("string-length()", err, sizeof err), 0);
	assert_int_equal(xpath_check("//p[string()='x']", err, sizeof err), 0);
	assert_string_equal(err, "empty expression");
	assert_int_equal(xpath_check("//h1[ends-with(@class,'x')]", err, sizeof err), -1);
	assert_string_equal(err, "unknown function ends-with() (not XPath 1.0)");
	/* operator names and functions inside literals are fine */
	assert_int_equal(xpath_check("//p[@a and (@b or @c)][contains(.,'matches(x)')]", err, sizeof err), 0);
	assert_int_equal(xpath_check("//child::p/ancestor::div[1]", err, sizeof err), 0);
	assert_int_equal(xpath_select(f->x, "//og:title", &ids, err, sizeof err), -1);
	assert_string_equal(err, "undefined namespace prefix");
	/* the checker finds those without a page */
	assert_int_equal(xpath_check("//og:title", err, sizeof err), -1);
	assert_string_equal(err, "undefined namespace prefix");
	assert_int_equal(xpath_check("//*[@id=$x]", err, sizeof err), -1);
	assert_string_equal(err, "undefined variable");
}

static void
test_op_limit(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "<html><body>");
	for (int i = 0; i < 3000; i++)
		buf_adds(&b, "<div>x</div>");
	buf_adds(&b, "</body></html>");
	struct page pg;
	test_page(&pg, b.data);
	struct xpath_doc *x = xpath_doc_new(pg.dom);
	int *ids;
	char err[256];
	/* before: the document works, nothing is spent */
	assert_int_equal(xpath_select(x, "(//div)[3000]", &ids, err, sizeof err), 1);
	free(ids);
	assert_false(xpath_over_budget(x));
	assert_false(xpath_budget_note(x, err, sizeof err));
	/* 3000 x 3000 x 3000 steps: stopped by the budget, not hung */
	int n = xpath_select(x, "//div[count(//div[count(//div) > 1]) > 1]", &ids, err, sizeof err);
	assert_int_equal(n, -1);
	assert_string_equal(err, "over the page's XPath budget (100000000 steps)");
	assert_true(xpath_over_budget(x));
	assert_int_equal(xpath_budget_used(x), XPATH_BUDGET);
	/* the budget is the page's: a cheap expression no longer runs */
	assert_int_equal(xpath_select(x, "(//div)[3000]", &ids, err, sizeof err), -1);
	assert_string_equal(err, "over the page's XPath budget (100000000 steps)");
	/* told once */
	assert_true(xpath_budget_note(x, err, sizeof err));
	assert_string_equal(err, "over the page's XPath budget (100000000 steps): "
			    "the rest of the rule is skipped");
	assert_false(xpath_budget_note(x, err, sizeof err));
	char *big = malloc(XPATH_MAX_EXPR + 10);
	memset(big, 'a', XPATH_MAX_EXPR + 9);
	big[XPATH_MAX_EXPR + 9] = '\0';
	assert_int_equal(xpath_check(big, err, sizeof err), -1);
	assert_string_equal(err, "expression longer than 4096 bytes");
	free(big);
	xpath_doc_free(x);
	page_free(&pg);
	buf_free(&b);
}

/* The string functions charge the bytes they read and build: one step
 * per 16 bytes (rounded down) of each string argument and the result. */
static void
test_string_work(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "<html><body>");
	for (int i = 0; i < 2000; i++)
		buf_adds(&b, "<p>xxxxxxxx</p>");
	buf_adds(&b, "</body></html>");
	struct page pg;
	test_page(&pg, b.data);
	struct xpath_doc *x = xpath_doc_new(pg.dom);
	char err[256], *s;
	/* string(/): the 16 000-byte argument and the 16 000-byte result,
	 * 1000 steps each, and up to 20 of libxml2's own steps */
	unsigned long u0 = xpath_budget_used(x);
	assert_int_equal(xpath_string(x, "string-length(string(/))", &s, err, sizeof err), 0);
	assert_string_equal(s, "16000");
	free(s);
	unsigned long u1 = xpath_budget_used(x);
	/* string(/) 2000, string-length's argument 1000, its number 0 */
	assert_in_range(u1 - u0, 3000, 3000 + 20);
	/* translate() costs the product of its first two arguments' lengths:
	 * 16 000 x 4 / 16 = 4000 more */
	assert_int_equal(xpath_string(x, "string-length(translate(string(/),'abcd','ABCD'))",
				      &s, err, sizeof err), 0);
	assert_string_equal(s, "16000");
	free(s);
	unsigned long u2 = xpath_budget_used(x);
	/* string(/) 2000, translate's arguments (16 000 + 4 + 4 + 64 000) / 16
	 * = 5000, its result 1000, string-length's argument 1000 */
	assert_in_range(u2 - u1, 9000, 9000 + 20);
	/* 2000 x 2000 x 10 steps (under the budget) that build 4 million
	 * copies of the page's 16 000 bytes: stopped by the budget */
	assert_int_equal(xpath_string(x, "count(//p[count(//p[string-length(concat("
				      "string(/),string(/))) = 1]) = 1])", &s, err, sizeof err), -1);
	assert_string_equal(err, "over the page's XPath budget (100000000 steps)");
	xpath_doc_free(x);
	page_free(&pg);
	buf_free(&b);
}

static void
test_quote(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	xpath_quote(&b, "plain");
	buf_addc(&b, ' ');
	xpath_quote(&b, "it's");
	buf_addc(&b, ' ');
	xpath_quote(&b, "it's \"x\"");
	assert_string_equal(b.data, "'plain' \"it's\" concat('it',\"'\",'s \"x\"')");
	buf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_css, setup, teardown),
		cmocka_unit_test_setup_teardown(test_contains_class, setup, teardown),
		cmocka_unit_test_setup_teardown(test_descendants, setup, teardown),
		cmocka_unit_test_setup_teardown(test_attribute_nodes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_union_and_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_normalize_space, setup, teardown),
		cmocka_unit_test_setup_teardown(test_positions, setup, teardown),
		cmocka_unit_test_setup_teardown(test_text_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_empty_and_values, setup, teardown),
		cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
		cmocka_unit_test(test_op_limit),
		cmocka_unit_test(test_string_work),
		cmocka_unit_test(test_quote),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
