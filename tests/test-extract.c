/* test-extract.c - the text of content blocks, and page metadata. */
#include "testlib.h"

static char *
text_all(struct page *pg)
{
	/* every element content: the whole visible text */
	uint8_t *all = malloc((size_t)pg->dom->n);
	memset(all, 1, (size_t)pg->dom->n);
	struct buf b;
	buf_init(&b);
	extract_text(pg->dom, all, &b);
	free(all);
	return buf_steal(&b, NULL);
}

static void
test_blocks_and_spaces(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg,
		  "<html><body><div>  Lead   text\n\t here <p>Para <b>bold</b>"
		  "<i>it</i>  end.</p> tail <ul><li>one</li><li>two<br>three</li></ul>"
		  "<script>nope()</script><style>.x{}</style><p>a &amp; b &lt;c&gt;"
		  "&nbsp;&nbsp;d</p></div></body></html>");
	char *t = text_all(&pg);
	assert_string_equal(t,
		"Lead text here\n"
		"Para boldit end.\n"
		"tail\n"
		"one\n"
		"two\n"
		"three\n"
		"a & b <c> d\n");
	free(t);
	page_free(&pg);
}

static void
test_spans(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><body><p>ab <b>cd</b></p><p>ef</p></body></html>");
	uint8_t *all = malloc((size_t)pg.dom->n);
	memset(all, 1, (size_t)pg.dom->n);
	struct buf b;
	buf_init(&b);
	struct extract_span *sp = calloc((size_t)pg.dom->ntexts, sizeof *sp);
	extract_text_spans(pg.dom, all, &b, sp);
	assert_string_equal(b.data, "ab cd\nef\n");
	/* "ab " ends in a pending space, so its span is "ab" */
	int found = 0;
	for (int t = 0; t < pg.dom->ntexts; t++) {
		const char *s = dom_text(pg.dom, t);
		if (!strcmp(s, "cd")) {
			assert_int_equal(sp[t].start, 3);
			assert_int_equal(sp[t].end, 5);
			found++;
		} else if (!strcmp(s, "ef")) {
			assert_int_equal(sp[t].start, 6);
			assert_int_equal(sp[t].end, 8);
			found++;
		}
	}
	assert_int_equal(found, 2);
	free(sp);
	free(all);
	buf_free(&b);
	page_free(&pg);
}

static void
test_meta_og(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg,
		  "<html><head><title>Big news | Daily Paper</title>"
		  "<meta property=\"og:title\" content=\"Big  news today\">"
		  "<meta property=\"og:site_name\" content=\"Daily Paper\">"
		  "<meta property=\"article:published_time\" content=\"2020-01-02T03:04:05Z\">"
		  "<meta name=\"keywords\" content=\"news, big\">"
		  "<meta name=\"description\" content=\"All of it.\">"
		  "<link rel=\"canonical\" href=\"https://paper.example/big\">"
		  "</head><body><h1>Heading</h1></body></html>");
	assert_string_equal(pg.meta.title, "Big news today");
	assert_string_equal(pg.meta.title_from, "og:title");
	assert_string_equal(pg.meta.date, "2020-01-02T03:04:05Z");
	assert_string_equal(pg.meta.keywords, "news, big");
	assert_string_equal(pg.meta.description, "All of it.");
	assert_string_equal(pg.meta.canonical, "https://paper.example/big");
	page_free(&pg);
}

static void
test_meta_fallbacks(void **state)
{
	(void)state;
	struct page pg;
	/* <title> with the site name stripped; date from time[datetime] */
	test_page(&pg,
		  "<html><head><title>Big news | Daily Paper</title>"
		  "<meta property=\"og:site_name\" content=\"Daily Paper\"></head>"
		  "<body><time datetime=\"2021-05-06\">May</time></body></html>");
	assert_string_equal(pg.meta.title, "Big news");
	assert_string_equal(pg.meta.title_from, "title");
	assert_string_equal(pg.meta.date, "2021-05-06");
	page_free(&pg);
	/* h1; JSON-LD datePublished */
	test_page(&pg,
		  "<html><head><script type=\"application/ld+json\">"
		  "{\"@type\":\"NewsArticle\",\"datePublished\": \"2019-11-12\"}</script>"
		  "</head><body><h1>Only <b>heading</b></h1></body></html>");
	assert_string_equal(pg.meta.title, "Only heading");
	assert_string_equal(pg.meta.title_from, "h1");
	assert_string_equal(pg.meta.date, "2019-11-12");
	page_free(&pg);
	/* a date written near the title, in Chinese */
	test_page(&pg,
		  "<html><body><h1>标题</h1><p>来源：新华网 2018年3月7日 10:00</p>"
		  "</body></html>");
	assert_string_equal(pg.meta.date, "2018-03-07");
	assert_string_equal(pg.meta.date_from, "text");
	assert_null(pg.meta.keywords);
	page_free(&pg);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blocks_and_spaces),
		cmocka_unit_test(test_spans),
		cmocka_unit_test(test_meta_og),
		cmocka_unit_test(test_meta_fallbacks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
