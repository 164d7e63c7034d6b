/* test-thread.c - forum threads found by their structure (auto-thread.h), and
 * what auto and the inspector's detail make of them.  Every figure below
 * is worked out by hand in the comments. */
#include "config.h"

#include "testlib.h"

#include "method/auto-decide.h"
#include "method/method.h"
#include "method/auto-thread.h"

/* Four posts in a div layout, no class or id on any of them: an author
 * line (a link, a rank, a year), a message, and in ann's two messages the
 * same signature.  Then a quick-reply form.
 *
 * Shapes, tag paths up to 4 levels below a post: post 1 has div, div/a,
 * div/span, div/p, div/div; posts 2 and 4 div, div/a, div/span (3 of 5
 * shared with post 1: 60 %); post 3 those and div/div (4 of 5: 80 %).
 *
 * A post's words (non-link characters, white space not counted) leave out
 * its chrome: the years and "+1" (a digit, at most 40 characters), the
 * rank "Baker" and the signature (each at the same place in posts 1 and
 * 3).  Post 1: the paragraphs' 118 + 86 = 204; post 2: "Regular" 7 and
 * the message 35; post 3: the message 16; post 4: "Newcomer" 8.  The
 * message place div[2] holds 204/204, 35/42, 16/16 and 0/8 of them: a
 * mean of (1 + 0.833 + 1 + 0) / 4 = 0.708 (71 %) >= 0.5; below it p[1]
 * holds only 118/204/4 = 0.145, and the author line div[1] beside it
 * (7/42 + 8/8)/4 = 0.292.  So the message is div[2], one step below each
 * post.  The signature (34 characters >= 12) stands at the same place in
 * the messages of posts 1 and 3: not message. */
static const char div_thread[] =
	"<html><body>\n"
	"<div id=\"nav\"><a href=\"/\">Home</a> <a href=\"/f\">Forum</a> <a href=\"/s\">Search</a></div>\n"
	"<h1>Rye starter smells of nail polish</h1>\n"
	"<div id=\"posts\">\n"
	"<div><div><a href=\"/u/ann\">ann</a> <span>Baker</span> <span>2021</span></div><div><p>My rye starter is "
	"two weeks old and it has stopped rising since Sunday, although I feed it every morning "
	"with the same flour and water as before.</p><p>It smells sharp, almost like nail "
	"polish, and a grey liquid sits on top. Is it dead, or can I still save it?</p>"
	"<div>Ann's bakery, fresh bread every morning</div></div></div>\n"
	"<div><div><a href=\"/u/bob\">bob</a> <span>Regular</span> <span>2022</span></div><div>It is hungry, not "
	"dead: feed it twice a day.</div></div>\n"
	"<div><div><a href=\"/u/ann\">ann</a> <span>Baker</span> <span>2023</span></div><div>Thanks, "
	"I will try.<div>Ann's bakery, fresh bread every morning</div></div></div>\n"
	"<div><div><a href=\"/u/cy\">cy</a> <span>Newcomer</span> <span>2024</span></div>"
	"<div>+1</div></div>\n"
	"</div>\n"
	"<form><label>Quick reply</label><textarea></textarea><button>Post reply</button></form>\n"
	"</body></html>\n";

static void
collect_line(void *ctx, enum explain_role role, const char *text)
{
	(void)role;
	buf_printf(ctx, "%s\n", text);
}

/* The detail of element e under auto, as the inspector prints it, cut
 * before the block's probability line's followers that the model gives
 * (the thread's lines come first). */
static void
detail(struct page *pg, const struct params *p, int e, struct buf *out)
{
	struct explain x = { .line = collect_line, .ctx = out, .to = "->", .le = "<=", .ge = ">=" };
	out->len = 0;
	if (out->data)
		out->data[0] = 0;
	method_auto.explain(&test_last, pg, p, e, &x);
}

/* The n-th child element of e (1-based). */
static int
child(const struct dom *d, int e, int n)
{
	int c = d->first_child[e];
	while (c >= 0 && --n > 0)
		c = d->next_sibling[c];
	return c;
}

/* html's page in pg, and auto's text of it with default parameters in out
 * (test_last keeps the run). */
static void
auto_text(struct page *pg, const char *html, struct buf *out)
{
	test_page(pg, html);
	struct params p;
	params_default(&p);
	buf_init(out);
	test_run_into(pg, &method_auto, &p, NULL, out);
}

/* html's page, in whose auto text no thread is found. */
static void
assert_no_thread(const char *html)
{
	struct page pg;
	struct buf out;
	auto_text(&pg, html, &out);
	assert_int_equal(((const struct auto_state *)test_last.state)->thread.nposts, 0);
	buf_free(&out);
	page_free(&pg);
}

/* html's page in pg, whose auto text must be want with nposts posts in
 * its thread; the thread, for more checks (pg is the caller's to free). */
static const struct thread *
check_text(struct page *pg, const char *html, const char *want, int nposts)
{
	struct buf out;
	auto_text(pg, html, &out);
	const struct thread *t = &((const struct auto_state *)test_last.state)->thread;
	assert_int_equal(t->nposts, nposts);
	assert_string_equal(out.data, want);
	buf_free(&out);
	return t;
}

/* An introduction before the first post, in the posts' container: two
 * paragraphs of running prose, 158 + 158 = 316 characters (white space
 * not counted) >= THREAD_INTRO_CHARS (300), that the model keeps, stay
 * with the posts' messages (an article's picks, taken for posts); a
 * board's description of 81 alone (< 300) goes with the rest of the
 * container.  The thread is sought from the largest kept block, the
 * first post's message (192). */
#define INTRO_THREAD(intro) \
	"<html><body>\n" \
	"<h1>Rye starter smells of nail polish</h1>\n" \
	"<div id=\"posts\">\n" intro \
	"<div><div><a href=\"/u/ann\">ann</a> <span>Baker</span> <span>2021</span></div><div><p>" \
	MSG_1 "</p></div></div>\n" \
	"<div><div><a href=\"/u/bob\">bob</a> <span>Regular</span> <span>2022</span></div><div><p>" \
	MSG_2 "</p></div></div>\n" \
	"<div><div><a href=\"/u/cy\">cy</a> <span>Newcomer</span> <span>2023</span></div><div><p>" \
	MSG_3 "</p></div></div>\n" \
	"<div><div><a href=\"/u/di\">di</a> <span>Baker</span> <span>2024</span></div><div><p>" \
	MSG_4 "</p></div></div>\n" \
	"</div>\n</body></html>\n"
#define MSG_1 "My rye starter is two weeks old and it has stopped rising since Sunday, " \
	"although I feed it every morning with the same flour and water as before, and a grey " \
	"liquid now sits on top of it. Is it dead, or can I still save it before the weekend?"
#define MSG_2 "It is hungry, not dead: feed it twice a day for a week, and keep it " \
	"somewhere that stays warm through the night, not on the cold windowsill."
#define MSG_3 "Mine smelled the same until I moved it beside the oven, and after three " \
	"days of two feeds a day it doubled again and the sharp smell was gone."
#define MSG_4 "A spoon of fresh flour on top brings it back for me, and pouring off the " \
	"grey liquid before each feed keeps the sour taste from getting too strong."
#define INTRO_A "Every baker meets a starter that sulks sooner or later, and the sharp " \
	"smell of nail polish is the most common alarm that readers send us about their rye, " \
	"most of all in the first weeks of winter."
#define INTRO_B "We asked the forum what they do when it happens, and kept the four " \
	"answers that worked in our own kitchen over a month of cold mornings, slow rises and " \
	"loaves that came out flatter than we hoped."
#define THREAD_MESSAGES MSG_1 "\n" MSG_2 "\n" MSG_3 "\n" MSG_4 "\n"

static void
test_thread_intro(void **state)
{
	(void)state;
	struct page pg;
	check_text(&pg, INTRO_THREAD("<p>" INTRO_A "</p><p>" INTRO_B "</p>\n"),
		   INTRO_A "\n" INTRO_B "\n" THREAD_MESSAGES, 4);
	page_free(&pg);
	check_text(&pg, INTRO_THREAD("<p>This board is for sourdough questions: starters, flours, "
				     "ovens and the bread you bake with them.</p>\n"),
		   THREAD_MESSAGES, 4);
	page_free(&pg);
}

/* A board that writes its thread as one definition list, a dt over each
 * post's dd: the dt holds the post's number, name, date and time
 * ("2024/03/11" and "18:40": dated_text), a header of its own before the
 * post (dated_header), and the dd is all message.  The headers go, the
 * messages stay.  A reference's terms hold digits too ("u16_check"), no
 * date: no thread there (kept as the model keeps it). */
#define DL_POST(n, day, msg) \
	"<dt>" #n " : <b>Anonymous</b> : 2024/03/" #day " 18:4" #n ":07 ID:Ab3dE9</dt><dd>" msg "<br>" \
	"<br></dd>\n"
static const char dl_thread[] =
	"<html><body>\n<h1>Tomatoes on the balcony, part 12</h1>\n<dl class=\"thread\">\n"
	DL_POST(1, 11, "A thread for growing small tomatoes in pots on a balcony or a windowsill."
		"<br>Ask anything about soil, stakes and pests.")
	DL_POST(2, 11, "Thanks for the new thread, I am trying a yellow variety this year.")
	DL_POST(3, 12, "How many plants fit in one planter of sixty five centimetres?")
	DL_POST(4, 12, "&gt;&gt;3<br>Two at most, or the roots run dry in summer.")
	"</dl>\n<p><a href=\"/board\">Back to the board</a></p>\n</body></html>\n";

static void
test_dl_thread(void **state)
{
	(void)state;
	struct page pg;
	check_text(&pg, dl_thread,
		   "A thread for growing small tomatoes in pots on a balcony or a windowsill.\n"
		   "Ask anything about soil, stakes and pests.\n"
		   "Thanks for the new thread, I am trying a yellow variety this year.\n"
		   "How many plants fit in one planter of sixty five centimetres?\n"
		   ">>3\n"
		   "Two at most, or the roots run dry in summer.\n", 4);
	page_free(&pg);
	struct buf out;
	auto_text(&pg, "<html><body><h1>Checked arithmetic</h1><dl>"
		  "<dt>u16_check(a, b)</dt><dd>Adds two numbers of sixteen bits and reports an "
		  "overflow to the caller.</dd>"
		  "<dt>u32_check(a, b)</dt><dd>Adds two numbers of thirty two bits and reports an "
		  "overflow to the caller.</dd>"
		  "<dt>u64_check(a, b)</dt><dd>Adds two numbers of sixty four bits and reports an "
		  "overflow to the caller.</dd>"
		  "<dt>i16_check(a, b)</dt><dd>Adds two signed numbers of sixteen bits and reports "
		  "an overflow to the caller.</dd></dl></body></html>", &out);
	assert_int_equal(((const struct auto_state *)test_last.state)->thread.nposts, 0);
	buf_free(&out);
	page_free(&pg);
}

/* A post with a title before its message, where the others have none
 * (vBulletin 3's optional post title; vichan's box of a reply's files):
 * the message's place, the first div of text in a post's second div,
 * is the title in that post.  The title holds a b alone; the others'
 * messages hold text of their own: nothing in common at the first
 * level, and the walk takes the next div that holds text (the message).
 * Its signature, a div after it of text and a br, is no nearer. */
static const char titled_thread[] =
	"<html><body>\n<h1>Brakes squeal in the rain</h1>\n<div id=\"posts\">\n"
	"<div><div><a href=\"/u/ann\">ann</a> <span>2021</span></div><div><div>My rim brakes "
	"squeal every time it rains, even with new pads.</div></div></div>\n"
	"<div><div><a href=\"/u/bob\">bob</a> <span>2022</span></div><div><div><b>Toe them in"
	"</b></div><div>Set the front of each pad a little closer to the rim than its back.</div>"
	"<div>__________<br>Bob's bikes</div></div></div>\n"
	"<div><div><a href=\"/u/cy\">cy</a> <span>2023</span></div><div><div>Clean the rims "
	"with alcohol first, oil on them does the same.</div></div></div>\n"
	"<div><div><a href=\"/u/di\">di</a> <span>2024</span></div><div><div>Mine stopped "
	"once I changed to softer pads for winter.</div></div></div>\n"
	"</div>\n</body></html>\n";

static void
test_titled_post(void **state)
{
	(void)state;
	struct page pg;
	const struct thread *t = check_text(&pg, titled_thread,
		   "My rim brakes squeal every time it rains, even with new pads.\n"
		   "Set the front of each pad a little closer to the rim than its back.\n"
		   "Clean the rims with alcohol first, oil on them does the same.\n"
		   "Mine stopped once I changed to softer pads for winter.\n", 4);
	const struct dom *d = pg.dom;
	/* the messages' place: div[2]/div[1]; in post 2 div[2]/div[2] */
	assert_int_equal(t->msg_depth, 2);
	assert_int_equal(t->msg[1], child(d, child(d, t->post[1], 2), 2));
	assert_int_equal(t->own[1], 2);
	assert_int_equal(t->own[0], 0);
	struct params p;
	params_default(&p);
	struct buf out;
	buf_init(&out);
	detail(&pg, &p, t->msg[1], &out);
	assert_non_null(strstr(out.data,
		"its message: div (line 5), 2 steps below the post: the first div after the one "
		"at the messages' place that holds what a message holds, as the one there holds "
		"none of it (a title, a box of files)\n"));
	buf_free(&out);
	page_free(&pg);
}

/* 300 posts, each signed with the same line: the line's place holds the
 * same text in every post, 300 holders counted as 255 at most; every
 * 15th post has a note after it, 20 holders; each message's own text is
 * held once and kept. */
static void
test_many_signed(void **state)
{
	(void)state;
	struct buf html;
	buf_init(&html);
	buf_adds(&html, "<html><body><h1>Three hundred replies</h1><div id=\"posts\">\n");
	for (int i = 0; i < 300; i++)
		buf_printf(&html, "<div><div><a href=\"/u/%d\">user%d</a> <span>%d May</span></div>"
			   "<div><p>Reply %d says something of its own, number %d of them.</p>"
			   "<div>Sent from my kitchen, where the bread is</div>%s</div></div>\n",
			   i, i, 1 + i % 28, i, i,
			   i % 15 ? "" : "<div>A note from the moderators</div>");
	buf_adds(&html, "</div></body></html>\n");
	struct page pg;
	struct buf out;
	auto_text(&pg, html.data, &out);
	const struct auto_state *st = test_last.state;
	const struct thread *t = &st->thread;
	const struct dom *d = pg.dom;
	assert_int_equal(t->nposts, 300);
	for (int k = 0; k < 300; k += 37) {
		int sig = child(d, t->msg[k], 2);
		assert_int_equal(t->repeat[sig], 255);
		assert_int_equal(test_last.dc.reason[sig], REASON_POST_PART);
		assert_int_equal(t->repeat[child(d, t->msg[k], 1)], 0);
	}
	for (int k = 0; k < 300; k += 15)
		assert_int_equal(t->repeat[child(d, t->msg[k], 3)], 20);
	assert_non_null(strstr(out.data, "Reply 0 says something of its own, number 0 of them.\n"
				       "Reply 1 says"));
	assert_null(strstr(out.data, "Sent from my kitchen"));
	assert_null(strstr(out.data, "A note from the moderators"));
	buf_free(&out);
	buf_free(&html);
	page_free(&pg);
}

/* An opening post, then its replies three levels down in a sibling of
 * another tag (a page's and a list's wrappers, as forums write them):
 * the replies are posts of the opening post's shape, and every message is
 * kept. */
static void
test_replies_below(void **state)
{
	(void)state;
	struct page pg;
	struct buf out;
	auto_text(&pg, "<html><body><h1>Ferry to Ness</h1><div id=\"thread\">"
		  "<article><div><a href=\"/u/ann\">ann</a> <span>12 Jan 2025</span></div>"
		  "<div>Has anyone taken the ferry to Ness this winter? I heard the timetable "
		  "changed in January and the evening boat does not run on Sundays any more.</div>"
		  "</article><div class=\"replies\"><div class=\"page\"><div class=\"list\">"
		  "<article><div><a href=\"/u/bob\">bob</a> <span>13 Jan 2025</span></div>"
		  "<div>Yes, it runs twice a day now.</div></article>"
		  "<article><div><a href=\"/u/cy\">cy</a> <span>14 Jan 2025</span></div>"
		  "<div>The evening one was cancelled twice last week.</div></article>"
		  "<article><div><a href=\"/u/di\">di</a> <span>15 Jan 2025</span></div>"
		  "<div>Check the harbour board before you go.</div></article>"
		  "</div></div></div></div></body></html>", &out);
	assert_string_equal(out.data,
		"Has anyone taken the ferry to Ness this winter? I heard the timetable changed in "
		"January and the evening boat does not run on Sundays any more.\n"
		"Yes, it runs twice a day now.\n"
		"The evening one was cancelled twice last week.\n"
		"Check the harbour board before you go.\n");
	const struct auto_state *st = test_last.state;
	assert_int_equal(st->thread.nposts, 4);
	buf_free(&out);
	page_free(&pg);
}

/* An opening post unlike its replies (a byline, a title, tags and votes
 * about its message), each reply in a section of its own beside it: the
 * first reply, one level down in the first section, seeds the replies,
 * and the others are found one level down in the other sections, as an
 * opening post's replies are; not the replies set apart below a later
 * sibling of the post's wrapper. */
static void
test_replies_wrapped(void **state)
{
	(void)state;
	static const char *const who[] = { "bob", "cy", "di", "ed" };
	static const char *const says[] = {
		"Yes, it runs twice a day now.",
		"The evening one was cancelled twice last week.",
		"Check the harbour board before you go.",
		"It was fine for me on Monday.",
	};
	struct buf b, want;
	buf_init(&b);
	buf_init(&want);
	buf_adds(&b, "<html><body><h1>Ferry</h1><div id=\"thread\"><article><div><a href=\"/u/ann\">"
		 "ann</a> <span>12 Jan 2025</span></div><h2>Ferry to Ness</h2><ul><li>ferry</li>"
		 "<li>ness</li></ul><div>Has anyone taken the ferry to Ness this winter? I heard "
		 "the timetable changed in January and the evening boat does not run on Sundays "
		 "any more.</div><div><button>up</button> 3 votes</div></article>");
	buf_adds(&want, "Has anyone taken the ferry to Ness this winter? I heard the timetable "
		 "changed in January and the evening boat does not run on Sundays any more.\n");
	for (int i = 0; i < 4; i++) {
		buf_printf(&b, "<section><article><div><a href=\"/u/%s\">%s</a> <span>%d Jan 2025"
			   "</span></div><div>%s</div></article></section>", who[i], who[i], 13 + i,
			   says[i]);
		buf_printf(&want, "%s\n", says[i]);
	}
	buf_adds(&b, "</div></body></html>");
	struct page pg;
	const struct thread *t = check_text(&pg, b.data, want.data, 5);
	assert_true(t->opening);
	assert_false(t->apart);
	assert_int_equal(t->container, test_by_id(&pg, "thread"));
	page_free(&pg);
	buf_free(&b);
	buf_free(&want);
}

/* A theme that sets the opening post apart: its wrapper holds a header
 * (author, date) and the post, and the replies stand three levels down in
 * a later sibling of the wrapper.  The post has no sibling of its tag and
 * none in its later siblings; in the wrapper's later siblings the first
 * article with text is the first reply, and the opening post with the
 * replies of its shape make 1 + 3 = 4 members (THREAD_POSTS + 1).  The
 * opening post holds no text beside its message; its wrapper does, with
 * a digit (the date).  Every message is kept, in page order; the title
 * and the header are not (the header is in the container, the wrapper's
 * parent, and in no post). */
static void
apart_page(struct buf *b, bool cards)
{
	static const char *const who[] = { "bob", "cy", "di" };
	static const char *const says[] = {
		"Yes, it runs twice a day now.",
		"The evening one was cancelled twice last week.",
		"Check the harbour board before you go.",
	};
	buf_init(b);
	buf_adds(b, "<html><body><div id=\"main\"><div id=\"first\"><header><a href=\"/u/ann\">"
		 "ann</a> <span>12 Jan 2025</span></header><article><div>Has anyone taken the "
		 "ferry to Ness this winter? I heard the timetable changed in January and the "
		 "evening boat does not run on Sundays any more.</div></article></div>"
		 "<div id=\"sort\">Oldest first</div><div id=\"replies\"><div><div>");
	for (int i = 0; i < 3; i++)
		buf_printf(b, cards ? "<article><div><h3><a href=\"/story/%s\">%s</a></h3> "
				      "<span>%d Jan 2025</span></div><div>%s</div></article>" :
				      "<article><div><a href=\"/u/%s\">%s</a> <span>%d Jan 2025</span>"
				      "</div><div>%s</div></article>",
			   who[i], who[i], 13 + i, says[i]);
	buf_adds(b, "</div></div></div></div></body></html>");
}

static void
test_opening_apart(void **state)
{
	(void)state;
	struct page pg;
	struct buf out, html;
	apart_page(&html, false);
	auto_text(&pg, html.data, &out);
	assert_string_equal(out.data,
		"Has anyone taken the ferry to Ness this winter? I heard the timetable changed in "
		"January and the evening boat does not run on Sundays any more.\n"
		"Yes, it runs twice a day now.\n"
		"The evening one was cancelled twice last week.\n"
		"Check the harbour board before you go.\n");
	const struct auto_state *st = test_last.state;
	const struct thread *t = &st->thread;
	const struct dom *d = pg.dom;
	assert_int_equal(t->nposts, 4);
	assert_true(t->apart);
	assert_true(t->opening);
	int main_el = test_by_id(&pg, "main"), first = test_by_id(&pg, "first");
	assert_int_equal(t->container, main_el);
	assert_int_equal(t->post[0], child(d, first, 2));
	assert_int_equal(test_last.dc.reason[test_by_id(&pg, "sort")], REASON_POST_PART);
	struct params p;
	params_default(&p);
	detail(&pg, &p, t->msg[1], &out);
	assert_non_null(strstr(out.data, "kept: the message of post 2 of 4 of a forum thread\n"));
	assert_non_null(strstr(out.data,
		"the posts: an opening post in div#first (line 1), and after it 3 article "
		"elements of one shape in a container of their own, div (line 1), each with "
		"text beside its message and a digit there (a date, a number; the opening "
		"post's may be in its wrapper)\n"));
	buf_free(&out);
	buf_free(&html);
	page_free(&pg);

	/* The same page whose replies are cards under a heading that links
	 * to another page (a listing's first card set apart, then the
	 * grid): no thread. */
	apart_page(&html, true);
	assert_no_thread(html.data);
	buf_free(&html);
}

/* A forum that boxes the opening post and lists the replies under a
 * heading, every post named as comments are ("Discussion", "Comment"; so
 * Vanilla sets a thread).  The opening post, div#op, has no sibling of
 * its shape; its wrappers' later sibling, div.replies, holds the list.
 * Its tag paths (to 4 levels: div, div/div, div/div/a, div/div/span,
 * div/div/p) are each reply's div.Comment's: 5 of 5 shared, 100 % >= 50 %,
 * so the replies are the div of each li (which holds nothing else), 3 of
 * them, and the opening post makes 4 = THREAD_POSTS + 1 members.  Each
 * post has a digit beside its message (its date): 4 posts.  The message
 * place is div.msg, one level down (the author is a link, the date a
 * short text with a digit: no words).  The h1 and the h2 "Comments"
 * stand in the posts' container, div#content, in no post: dropped. */
static const char alike_thread[] =
	"<html><body>\n"
	"<div id=\"nav\"><a href=\"/\">Home</a> <a href=\"/c\">Categories</a></div>\n"
	"<div id=\"content\">\n"
	"<div class=\"MessageList Discussion\"><h1>Ferry to Ness in winter?</h1>\n"
	"<div class=\"ItemDiscussion\"><div id=\"op\"><div><a href=\"/u/ann\">ann</a> "
	"<span>3 Jan 2025</span></div><div class=\"msg\"><p>Has anyone taken the ferry to "
	"Ness this winter? I heard the timetable changed in January and the evening boat "
	"does not run on Sundays any more.</p></div></div></div>\n"
	"</div>\n"
	"<div class=\"replies\"><h2>Comments</h2><ul class=\"Comments\">\n"
	"<li class=\"ItemComment\"><div class=\"Comment\"><div><a href=\"/u/bob\">bob</a> "
	"<span>4 Jan 2025</span></div><div class=\"msg\"><p>Yes, it runs twice a day "
	"now.</p></div></div></li>\n"
	"<li class=\"ItemComment\"><div class=\"Comment\"><div><a href=\"/u/cy\">cy</a> "
	"<span>5 Jan 2025</span></div><div class=\"msg\"><p>The evening one was cancelled "
	"twice last week.</p></div></div></li>\n"
	"<li class=\"ItemComment\"><div class=\"Comment\"><div><a href=\"/u/dee\">dee</a> "
	"<span>6 Jan 2025</span></div><div class=\"msg\"><p>Check the harbour board before "
	"you go.</p></div></div></li>\n"
	"</ul></div>\n"
	"</div>\n"
	"<div id=\"foot\">Powered by a forum</div>\n"
	"</body></html>\n";

/* An issue's description, then each comment in a wrapper of one (a
 * timeline item around it, as GitHub sets them): the largest kept block
 * is comment 2's, whose level is the three wrappers, each a div with one
 * div child holding all its text.  The sibling before them, div#op, is
 * no wrapper; its tag paths (4 levels: div, div/a, div/span, div/p) are
 * those of the first wrapper's child (4 of 4, Jaccard 1 >= 0.5), so it
 * is the opening post, member 0, and its message is found as the
 * comments' are (div.msg, the second div), walked from below their
 * wrapper.  Each post has its date beside its message: 4 posts.  The
 * h1 stands outside the posts' container: dropped. */
#define TIMELINE_ITEM(who, date, text) \
	"<div class=\"item\"><div class=\"entry\"><div><a href=\"/u/" who "\">" who "</a> " \
	"<span>" date "</span></div><div class=\"msg\"><p>" text "</p></div></div></div>\n"
#define ISSUE_TEXT "The importer stops at the first row that has an empty date cell, and " \
	"the rows after it are never read."
#define COMMENT_1 "Confirmed on the main branch: an empty cell makes the parser return early."
#define COMMENT_2 "The early return should be a skip: the row is logged as incomplete, " \
	"the importer goes on with the next row, and the summary at the end counts the rows " \
	"it skipped, so that nothing is lost without a word to the user who ran it."
#define COMMENT_3 "Fixed in the next release, with a test of a file whose third row has no date."
static const char unwrapped_thread[] =
	"<html><body>\n"
	"<h1>Importer stops at an empty date</h1>\n"
	"<div id=\"timeline\">\n"
	"<div id=\"op\"><div><a href=\"/u/ann\">ann</a> <span>3 Jan 2025</span></div>"
	"<div class=\"msg\"><p>" ISSUE_TEXT "</p></div></div>\n"
	TIMELINE_ITEM("bob", "4 Jan 2025", COMMENT_1)
	TIMELINE_ITEM("cy", "5 Jan 2025", COMMENT_2)
	TIMELINE_ITEM("dee", "6 Jan 2025", COMMENT_3)
	"</div>\n"
	"<div id=\"foot\">Powered by a tracker</div>\n"
	"</body></html>\n";

static void
test_unwrapped_opening(void **state)
{
	(void)state;
	struct page pg;
	const struct thread *t = check_text(&pg, unwrapped_thread,
		ISSUE_TEXT "\n" COMMENT_1 "\n" COMMENT_2 "\n" COMMENT_3 "\n", 4);
	const struct dom *d = pg.dom;
	int op = test_by_id(&pg, "op");
	assert_int_equal(t->post[0], op);
	assert_int_equal(t->msg[0], child(d, op, 2));
	assert_false(t->opening);
	int tl = test_by_id(&pg, "timeline");
	for (int k = 1; k < 4; k++) {
		assert_int_equal(t->post[k], child(d, tl, k + 1));
		assert_int_equal(t->msg[k], child(d, child(d, child(d, tl, k + 1), 1), 2));
	}
	page_free(&pg);
}

static void
test_replies_alike(void **state)
{
	(void)state;
	struct page pg;
	const struct thread *t = check_text(&pg, alike_thread,
		"Has anyone taken the ferry to Ness this winter? I heard the timetable changed in "
		"January and the evening boat does not run on Sundays any more.\n"
		"Yes, it runs twice a day now.\n"
		"The evening one was cancelled twice last week.\n"
		"Check the harbour board before you go.\n", 4);
	const struct dom *d = pg.dom;
	assert_true(t->apart);
	assert_true(t->alike);
	assert_false(t->opening);
	assert_int_equal(t->post[0], test_by_id(&pg, "op"));
	assert_int_equal(t->container, test_by_id(&pg, "content"));
	struct params p;
	params_default(&p);
	struct buf out = { 0 };
	/* post 3's message is its second child, div.msg; the block, its p */
	assert_int_equal(t->msg[2], child(d, t->post[2], 2));
	detail(&pg, &p, child(d, t->msg[2], 1), &out);
	assert_non_null(strstr(out.data,
		"kept: the message of post 3 of 4 of a forum thread\n"
		"the posts: an opening post in div.ItemDiscussion (line 5), and after it 3 div "
		"elements of its shape in a container of their own, ul.Comments (line 7), named "
		"as comments but laid out as the opening post is (an article is not laid out as "
		"its comments are), each with text beside its message and a digit there (a date, "
		"a number; the opening post's may be in its wrapper)\n"
		"this one and post 1 (the largest block's) share 100% of their tag paths 4 levels "
		"down (50% make one shape)\n"));
	buf_free(&out);
	page_free(&pg);

	/* The same page whose opening post has no author line or date, as
	 * an article over its comments has none in its body: its tag paths
	 * (div, div/div, div/div/p) are 3 of the replies' 5, alike (60 %),
	 * but it is no post (no digit beside its message), and no other
	 * level holds four alike: no thread. */
	struct buf html = { 0 };
	buf_adds(&html, alike_thread);
	const char *line = "<div><a href=\"/u/ann\">ann</a> <span>3 Jan 2025</span></div>";
	char *at = strstr(html.data, line);
	assert_non_null(at);
	memmove(at, at + strlen(line), strlen(at + strlen(line)) + 1);
	assert_no_thread(html.data);
	buf_free(&html);
}

static const char question_thread[] =
	"<html><body>\n"
	"<div id=\"nav\"><a href=\"/\">Home</a> <a href=\"/q\">Questions</a></div>\n"
	"<h1>Why has my sourdough starter stopped rising?</h1>\n"
	"<div id=\"mainbar\">\n"
	"<div class=\"question\" id=\"q\"><div class=\"votes\">12</div><div class=\"cell\">"
	"<div class=\"prose\"><p>My starter stopped rising after I moved it to the cellar. It "
	"smells fine, a little sour, but the bubbles are gone.</p></div><div class=\"sig\">"
	"<a href=\"/u/kes\">kes</a> <span>3 Mar 2025</span></div></div></div>\n"
	"<div id=\"answers\"><div class=\"head\">3 answers</div>\n"
	"<div class=\"answer\"><div class=\"votes\">9</div><div class=\"cell\"><div "
	"class=\"prose\"><p>Too cold, most likely. Bring it back to the kitchen.</p></div>"
	"<div class=\"sig\"><a href=\"/u/bh\">bh</a> <span>4 Mar 2025</span></div></div></div>\n"
	"<div class=\"answer\"><div class=\"votes\">4</div><div class=\"cell\"><div "
	"class=\"prose\"><p>Feed it rye flour for a week.</p></div><div class=\"sig\"><a "
	"href=\"/u/oy\">oy</a> <span>5 Mar 2025</span></div></div></div>\n"
	"<div class=\"answer\"><div class=\"votes\">1</div><div class=\"cell\"><div "
	"class=\"prose\"><p>Discard most of it and rebuild from a spoonful.</p></div><div "
	"class=\"sig\"><a href=\"/u/ly\">ly</a> <span>6 Mar 2025</span></div></div></div>\n"
	"</div>\n"
	"</div>\n"
	"<div id=\"foot\">Questions and answers</div>\n"
	"</body></html>\n";

/* A question and its answers in a list of their own right after it, the
 * list the first div after the question: the list is no post itself,
 * but the first of its divs laid out as the question is (its votes, its
 * cell with the message and signature: the question's tag paths, all
 * of them) has two others of its shape beside it. */
static void
test_question_answers(void **state)
{
	(void)state;
	struct page pg;
	const struct thread *t = check_text(&pg, question_thread,
		"My starter stopped rising after I moved it to the cellar. It smells fine, a "
		"little sour, but the bubbles are gone.\n"
		"Too cold, most likely. Bring it back to the kitchen.\n"
		"Feed it rye flour for a week.\n"
		"Discard most of it and rebuild from a spoonful.\n", 4);
	const struct dom *d = pg.dom;
	assert_true(t->apart);
	assert_true(t->within);
	assert_false(t->alike);
	assert_false(t->opening);
	assert_int_equal(t->post[0], test_by_id(&pg, "q"));
	assert_int_equal(t->container, test_by_id(&pg, "mainbar"));
	struct params p;
	params_default(&p);
	struct buf out = { 0 };
	/* answer 2's message: div.prose in its cell, the block its p */
	assert_int_equal(t->msg[2], child(d, child(d, t->post[2], 2), 1));
	detail(&pg, &p, child(d, t->msg[2], 1), &out);
	assert_non_null(strstr(out.data,
		"kept: the message of post 3 of 4 of a forum thread\n"
		"the posts: an opening post in div#mainbar (line 4), and after it 3 div elements "
		"of its shape in a container of their own, div#answers (line 6), the first element "
		"of the opening post's tag after it (a question's answers), each with text beside "
		"its message and a digit there (a date, a number; the opening post's may be in its "
		"wrapper)\n"
		"this one and post 2 share 100% of their tag paths 4 levels down (50% make one "
		"shape)\n"
		"its message: div.prose (line 8), 2 steps below the post: the deepest place "
		"holding 50% or more of a post's words (dates, counts and labels another post has "
		"left out), 100% on average\n"));
	buf_free(&out);
	page_free(&pg);

	/* The same answers named as comments: the question holds at most
	 * THREAD_OPENING times their mean text (2.3 times, below), a discussion's
	 * opening post, and they are its replies.  Under an article eight
	 * times as long as they are on average, they are its readers'
	 * comments, listed so after it: no thread. */
	struct buf html = { 0 };
	const char *from = "class=\"answer\"";
	for (const char *at = question_thread, *hit; *at; at = hit + strlen(from)) {
		hit = strstr(at, from);
		if (!hit) {
			buf_adds(&html, at);
			break;
		}
		buf_add(&html, at, (size_t)(hit - at));
		buf_adds(&html, "class=\"comment\"");
	}
	assert_non_null(strstr(html.data, "<div class=\"comment\"><div class=\"votes\">1<"));
	t = check_text(&pg, html.data,
		"My starter stopped rising after I moved it to the cellar. It smells fine, a "
		"little sour, but the bubbles are gone.\n"
		"Too cold, most likely. Bring it back to the kitchen.\n"
		"Feed it rye flour for a week.\n"
		"Discard most of it and rebuild from a spoonful.\n", 4);
	/* text characters, white space not counted: the question's 106 (12,
	 * the paragraph's 93, kes, 3 Mar 2025) against the answers' 54, 34
	 * and 50 (their votes, message, author and date), 46 on average:
	 * 2.3 times */
	d = pg.dom;
	detail(&pg, &p, child(d, t->msg[2], 1), &out);
	assert_non_null(strstr(out.data,
		"div#answers (line 6), the first element of the opening post's tag after it (a "
		"question's answers), named as comments but the opening post holds 2.3 times their "
		"mean text (3 at most: a discussion's question or link, not an article), each "
		"with text"));
	buf_free(&out);
	page_free(&pg);
	const char *para = "but the bubbles are gone.";
	char *gone = strstr(html.data, para);
	assert_non_null(gone);
	struct buf article = { 0 };
	buf_add(&article, html.data, (size_t)(gone - html.data));
	buf_adds(&article, "but the bubbles are gone. I had kept it in the kitchen for two years, "
		 "fed every morning with white flour and water from the tap, and it doubled "
		 "within six hours every time. The cellar is cooler, about twelve degrees, and "
		 "much darker. I have tried feeding it twice a day, warming the water first and "
		 "moving it to a smaller jar, and none of it has helped: after three weeks it "
		 "barely rises at all.");
	buf_adds(&article, gone + strlen(para));
	assert_no_thread(article.data);
	buf_free(&article);
	buf_free(&html);

	/* The question laid out unlike the answers, its message where
	 * theirs is but a tag list instead of votes and signature (div,
	 * div/div, div/div/p, ul, ul/li, ul/li/a against div, div/div,
	 * div/div/p, div/div/a, div/div/span: 3 of 8 paths shared, 37 %):
	 * the list's divs are no replies to it, and there is no thread (as
	 * there is where any first div in the list with others of its shape
	 * would do). */
	buf_init(&html);
	const char *q0 = strstr(question_thread, "<div class=\"question\"");
	const char *q1 = strstr(question_thread, "<div id=\"answers\"");
	assert_non_null(q0);
	assert_non_null(q1);
	buf_add(&html, question_thread, (size_t)(q0 - question_thread));
	buf_adds(&html, "<div class=\"question\" id=\"q\"><div>kes, 3 Mar 2025</div><div><div>"
		 "<p>My starter stopped rising after I moved it to the cellar. It smells fine, "
		 "a little sour, but the bubbles are gone.</p></div></div><ul><li><a "
		 "href=\"/t/bread\">bread</a></li></ul></div>\n");
	buf_adds(&html, q1);
	assert_no_thread(html.data);
	buf_free(&html);
}

/* Four posts, each after a header of its own that holds its date and
 * number (bbPress's reply header), its author and message in the post's
 * div.  Post HEAD is each header's date. */
static void
headed_thread(struct buf *html, const char *const head[4])
{
	static const char *const who[4] = { "ann", "bob", "cy", "dee" };
	static const char *const msg[4] = {
		"Has anyone taken the ferry to Ness this winter? I heard the timetable changed "
		"in January and the evening boat does not run on Sundays any more.",
		"Yes, it runs twice a day now.",
		"The evening one was cancelled twice last week.",
		"Check the harbour board before you go.",
	};
	buf_adds(html, "<html><body>\n<div id=\"nav\"><a href=\"/\">Forums</a> <a href=\"/f\">"
		 "Travel</a></div>\n<h1>Ferry to Ness in winter?</h1>\n<div id=\"replies\">\n");
	for (int i = 0; i < 4; i++)
		buf_printf(html, "<div class=\"head\"><span>%s</span> <a href=\"#p%d\">#%d</a></div>\n"
			   "<div class=\"reply\" id=\"p%d\"><div class=\"author\"><a href=\"/u/%s\">"
			   "%s</a> Member</div><div class=\"content\"><p>%s</p></div></div>\n",
			   head[i], i + 1, i + 1, i + 1, who[i], who[i], msg[i]);
	buf_adds(html, "</div>\n<div id=\"foot\">Powered by a forum</div>\n</body></html>\n");
}

/* The posts' dates stand in the headers before them, none in the posts
 * (their authors' names have no digit): with four headers each holding
 * a date, each post is one; headers that hold a step's bare number
 * ("01") make no thread of the steps. */
static void
test_dated_headers(void **state)
{
	(void)state;
	static const char *const dates[4] = {
		"3 Jan 2025, 9:14", "4 Jan 2025, 8:02", "5 Jan 2025, 17:40", "6 Jan 2025, 7:55",
	};
	static const char *const steps[4] = { "01", "02", "03", "04" };
	struct buf html = { 0 };
	headed_thread(&html, dates);
	struct page pg;
	const struct thread *t = check_text(&pg, html.data,
		"Has anyone taken the ferry to Ness this winter? I heard the timetable changed in "
		"January and the evening boat does not run on Sundays any more.\n"
		"Yes, it runs twice a day now.\n"
		"The evening one was cancelled twice last week.\n"
		"Check the harbour board before you go.\n", 4);
	assert_int_equal(t->post[0], test_by_id(&pg, "p1"));
	assert_int_equal(t->container, test_by_id(&pg, "replies"));
	assert_true(t->headed);
	struct params p;
	params_default(&p);
	struct buf out = { 0 };
	detail(&pg, &p, child(pg.dom, t->msg[1], 1), &out);
	assert_non_null(strstr(out.data,
		"kept: the message of post 2 of 4 of a forum thread\n"
		"the posts: 4 div elements of one shape in div#replies (line 4), each with text "
		"beside its message and a digit there (a date, a number), or a date in the element "
		"before it (3 or more have one: a header of their own)\n"
		"this one and post 1 (the largest kept block's) share 100% of their tag paths 4 "
		"levels down (50% make one shape)\n"
		"its message: div.content (line 8), 1 step below the post:"));
	buf_free(&out);
	page_free(&pg);
	buf_free(&html);

	buf_init(&html);
	headed_thread(&html, steps);
	assert_no_thread(html.data);
	buf_free(&html);
}

/* Five posts in plain divs, each an author line (a name and a date) and
 * a message; the third holds an empty div first (a slot its script fills
 * with an advertisement), so its author line is its second div and its
 * message its third.  The message place is div[2] of the first post
 * (the first that holds words there; the others but the third have it
 * too), and the third post's message is found by its place among the
 * divs that hold text: its second, the message.  Counted among all its
 * divs, its message would be its author line, which holds words of its
 * own: "Cy" kept, its message dropped. */
static void
test_empty_slot(void **state)
{
	(void)state;
	static const char *const msg[5] = {
		"The evening ferry to Ness was cancelled twice last week, and the harbour board "
		"has said nothing about the winter timetable. Does anyone know whether the Sunday "
		"crossing will run in December?",
		"It runs, but only the morning boat.",
		"The board posts the timetable at the pier on Fridays.",
		"Ask at the harbour office, they know first.",
		"It ran last Sunday at nine.",
	};
	static const char *const name[5] = { "Ann", "Bob", "Cy", "Dee", "Eve" };
	struct buf html;
	buf_init(&html);
	buf_adds(&html, "<html><body><div id=\"nav\"><a href=\"/\">Home</a> <a href=\"/f\">Forum"
		 "</a></div><h1>Sunday ferry</h1><div id=\"posts\">\n");
	for (int k = 0; k < 5; k++)
		buf_printf(&html, "<div class=\"post\">%s<div class=\"who\"><b>%s</b> "
			   "<span>%d Nov 2025</span></div><div class=\"msg\"><p>%s</p></div></div>\n",
			   k == 2 ? "<div class=\"slot\"></div>" : "", name[k], 3 + k, msg[k]);
	buf_adds(&html, "</div></body></html>\n");
	struct buf want;
	buf_init(&want);
	for (int k = 0; k < 5; k++)
		buf_printf(&want, "%s\n", msg[k]);
	struct page pg;
	const struct thread *t = check_text(&pg, html.data, want.data, 5);
	for (int k = 0; k < 5; k++)
		assert_int_equal(t->msg[k], child(pg.dom, t->post[k], k == 2 ? 3 : 2));
	page_free(&pg);
	buf_free(&want);
	buf_free(&html);
}

/* A blog's posts listed under their titles, each linking to its page
 * (WordPress's category archive): TITLE[k] is post k's title. */
static void
titled_posts(struct buf *html, const char *const title[4])
{
	static const char *const msg[4] = {
		"The council has started the repairs to the north quay wall, which will close "
		"the slipway until spring.",
		"From November the evening ferry to Ness will run on weekdays only.",
		"Traders returned to the fish market on Saturday, three weeks after the flood.",
		"Five volunteers received awards for the rescue of two sailors off the point.",
	};
	buf_adds(html, "<html><body>\n<div id=\"nav\"><a href=\"/\">Home</a> <a href=\"/about\">"
		 "About</a></div>\n<main id=\"main\"><h1>Category: Harbour</h1>\n");
	for (int i = 0; i < 4; i++)
		buf_printf(html, "<article id=\"post-%d\"><header><h2><a href=\"/%d/\">%s</a></h2>"
			   "</header><div class=\"entry\"><p>%s</p></div><footer>Published "
			   "<time>%d March 2025</time></footer></article>\n",
			   i, i, title[i], msg[i], 2 + i);
	buf_adds(html, "</main>\n<div id=\"foot\">Powered by a blog</div>\n</body></html>\n");
}

/* Posts under titles of their own, linking elsewhere, no two alike and
 * none the end of another, keep their titles; the titles a thread's
 * replies repeat ("Re: " and the first post's), names of one word (an
 * author's, as a heading) and a post's number and date are not. */
static void
test_post_titles(void **state)
{
	(void)state;
	static const char *const own[4] = {
		"Harbour works begin on the north quay", "Ferry timetable changes for winter",
		"Fish market reopens after flood", "Lifeboat crew honoured",
	};
	static const char *const subject[4] = {
		"Harbour works", "Re: Harbour works", "Re: Harbour works", "Re: Harbour works",
	};
	static const char *const names[4] = { "ann", "bob", "cy", "dee" };
	const char *msgs =
		"The council has started the repairs to the north quay wall, which will close the "
		"slipway until spring.\n"
		"From November the evening ferry to Ness will run on weekdays only.\n"
		"Traders returned to the fish market on Saturday, three weeks after the flood.\n"
		"Five volunteers received awards for the rescue of two sailors off the point.\n";
	struct buf html = { 0 };
	titled_posts(&html, own);
	struct page pg;
	const struct thread *t = check_text(&pg, html.data,
		"Harbour works begin on the north quay\n"
		"The council has started the repairs to the north quay wall, which will close the "
		"slipway until spring.\n"
		"Ferry timetable changes for winter\n"
		"From November the evening ferry to Ness will run on weekdays only.\n"
		"Fish market reopens after flood\n"
		"Traders returned to the fish market on Saturday, three weeks after the flood.\n"
		"Lifeboat crew honoured\n"
		"Five volunteers received awards for the rescue of two sailors off the point.\n", 4);
	assert_int_equal(((const struct auto_state *)test_last.state)->thread_titles, 4);
	struct params p;
	params_default(&p);
	struct buf out = { 0 };
	/* post 2's title: its header's h2 */
	detail(&pg, &p, child(pg.dom, child(pg.dom, t->post[1], 1), 1), &out);
	assert_non_null(strstr(out.data,
		"kept: the title of post 2 of 4 of a forum thread, outside its message: a heading "
		"that links elsewhere, as each of 4 posts has, no two alike and none the end of "
		"another (a post's own title, as a blog lists its posts under theirs; not a "
		"thread's subject repeated, \"Re: ...\")\n"));
	buf_free(&out);
	page_free(&pg);
	buf_free(&html);

	buf_init(&html);
	titled_posts(&html, subject);
	check_text(&pg, html.data, msgs, 4);
	assert_int_equal(((const struct auto_state *)test_last.state)->thread_titles, 0);
	page_free(&pg);
	buf_free(&html);

	buf_init(&html);
	titled_posts(&html, names);
	check_text(&pg, html.data, msgs, 4);
	page_free(&pg);
	buf_free(&html);

	/* a post's number and date over each post, linking to it (FluxBB's
	 * h2): two words, but no letter, so no title */
	static const char *const dated[4] = {
		"#1 2025-03-02 10:14:07", "#2 2025-03-02 11:40:52", "#3 2025-03-03 08:05:19",
		"#4 2025-03-03 09:31:44",
	};
	buf_init(&html);
	titled_posts(&html, dated);
	check_text(&pg, html.data, msgs, 4);
	assert_int_equal(((const struct auto_state *)test_last.state)->thread_titles, 0);
	page_free(&pg);
	buf_free(&html);

	/* titles in a script written without spaces: ten code points or
	 * more outside ASCII, digits beside them */
	static const char *const zh[4] = {
		"2025年北码头维修工程今天开工", "冬季渡轮时刻表从十一月起调整",
		"鱼市场在洪水过后重新开门营业", "四名救生艇志愿者获得表彰",
	};
	buf_init(&html);
	titled_posts(&html, zh);
	test_page(&pg, html.data);
	params_default(&p);
	buf_init(&out);
	test_run_into(&pg, &method_auto, &p, NULL, &out);
	assert_int_equal(((const struct auto_state *)test_last.state)->thread_titles, 4);
	assert_non_null(strstr(out.data, "2025年北码头维修工程今天开工\nThe council"));
	buf_free(&out);
	page_free(&pg);
	buf_free(&html);
}

/* A story over its readers' thread, twelve links to other stories
 * between them: the model keeps the story's headline and summary, but the
 * reading-order run is the thread's, after the links, and drops them.  The
 * thread, found from the longest reply, keeps what the model kept before
 * its container: the story, set apart. */
static void
test_story_before(void **state)
{
	(void)state;
	static const char *const says[] = {
		"I take the evening boat every Sunday to visit my mother in Ness, and now I will "
		"have to leave on Saturday and pay for a night at the inn, which nobody at the "
		"board seems to have thought about when they drew this up.",
		"The morning boat at seven is too early for anyone coming from the valley by bus, "
		"since the first bus does not reach the pier before twenty past, so the change "
		"helps nobody who lives inland.",
		"We wrote to the harbour board twice last winter about the Sunday crossings and "
		"never had an answer, so I am not surprised that they cut the service without "
		"asking the people who use it.",
		"My children go to school in the town and the new times mean they wait an hour at "
		"the pier every morning in the cold, which is not what the board promised when it "
		"raised the fares in spring.",
		"Has anyone asked whether the summer timetable will change as well, or is this "
		"only for the winter months when fewer visitors come over from the mainland and "
		"the boats run half empty anyway?",
		"The old timetable had worked for twenty years, and I do not see why it had to "
		"change now, when the new boat is faster than the old one and could easily keep "
		"the Sunday evening crossing.",
	};
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "<html><body><div id=\"story\"><h1>Ferry timetable changes</h1><p id=\"sum\">"
		 "The harbour board has changed the ferry timetable for the winter: the evening "
		 "boat to Ness no longer runs on Sundays, and the morning boat leaves half an hour "
		 "earlier, at seven, from the north pier.</p></div>\n<ul id=\"more\">");
	for (int i = 0; i < 12; i++)
		buf_printf(&b, "<li><a href=\"/s/%d\">Another story about the town number %d and "
			   "its harbour</a></li>", i, i);
	buf_adds(&b, "</ul><div id=\"thread\"><ol>");
	for (int i = 0; i < 6; i++)
		buf_printf(&b, "<li><div><a href=\"/u/u%d\">user%d</a> <span>%d Jan 2025</span>"
			   "</div><div><p>%s</p></div></li>", i, i, 10 + i, says[i]);
	buf_adds(&b, "</ol></div></body></html>");
	struct page pg;
	struct buf out, want;
	auto_text(&pg, b.data, &out);
	buf_init(&want);
	buf_adds(&want, "Ferry timetable changes\nThe harbour board has changed the ferry timetable "
		 "for the winter: the evening boat to Ness no longer runs on Sundays, and the "
		 "morning boat leaves half an hour earlier, at seven, from the north pier.\n");
	for (int i = 0; i < 6; i++)
		buf_printf(&want, "%s\n", says[i]);
	assert_string_equal(out.data, want.data);
	const struct thread *t = &((const struct auto_state *)test_last.state)->thread;
	assert_int_equal(t->nposts, 6);
	assert_false(t->apart);
	int sum = test_by_id(&pg, "sum");
	assert_int_equal(test_last.dc.reason[sum], REASON_THREAD);
	struct params p;
	params_default(&p);
	detail(&pg, &p, sum, &out);
	assert_non_null(strstr(out.data,
		"kept: before the container of a forum thread's 6 posts, ol (line 2), the model "
		"keeps it though the reading-order run does not (a story over its comments, an "
		"opening post set apart)\n"));
	buf_free(&want);
	buf_free(&out);
	buf_free(&b);
	page_free(&pg);
}

static void
test_div_thread(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, div_thread);
	struct params p;
	params_default(&p);
	struct buf out;
	buf_init(&out);
	test_run_into(&pg, &method_auto, &p, NULL, &out);
	/* every message in order; no author line, signature, form or title */
	assert_string_equal(out.data,
		"My rye starter is two weeks old and it has stopped rising since Sunday, although "
		"I feed it every morning with the same flour and water as before.\n"
		"It smells sharp, almost like nail polish, and a grey liquid sits on top. Is it "
		"dead, or can I still save it?\n"
		"It is hungry, not dead: feed it twice a day.\n"
		"Thanks, I will try.\n"
		"+1\n");
	const struct auto_state *st = test_last.state;
	const struct thread *t = &st->thread;
	const struct dom *d = pg.dom;
	int posts = test_by_id(&pg, "posts");
	assert_int_equal(t->nposts, 4);
	assert_int_equal(t->members, 4);
	for (int k = 0; k < 4; k++) {
		assert_int_equal(t->post[k], child(d, posts, k + 1));
		assert_int_equal(t->msg[k], child(d, t->post[k], 2));
	}
	assert_int_equal(t->anchor_post, 0);
	assert_int_equal(t->msg_depth, 1);
	assert_near(t->share, (1 + 35.0 / 42 + 1 + 0) / 4, 1e-9);
	assert_near(t->sim[1], 3.0 / 5, 1e-9);
	assert_near(t->sim[2], 4.0 / 5, 1e-9);
	/* the model kept post 1's message, its signature included, and
	 * nothing else: 204 + 34 = 238 characters, all in a message */
	assert_int_equal(t->kept_in, 238);
	assert_int_equal(t->kept_all, 238);

	int who2 = child(d, t->post[1], 1), sig3 = child(d, t->msg[2], 1);
	assert_int_equal(test_last.dc.reason[who2], REASON_POST_PART);
	assert_int_equal(test_last.dc.reason[sig3], REASON_POST_PART);
	assert_int_equal(t->repeat[sig3], 2);
	assert_int_equal(test_last.dc.reason[t->msg[1]], REASON_THREAD);

	/* the detail, line for line as the hand-worked figures above give it
	 * (line 4: the posts' container; line 6: post 2's message) */
	struct buf ex;
	buf_init(&ex);
	detail(&pg, &p, t->msg[1], &ex);
	assert_non_null(strstr(ex.data,
		"kept: the message of post 2 of 4 of a forum thread\n"
		"the posts: 4 div elements of one shape in div#posts (line 4), each with text beside "
		"its message and a digit there (a date, a number)\n"
		"this one and post 1 (the largest kept block's) share 60% of their tag paths 4 levels "
		"down (50% make one shape)\n"
		"its message: div (line 6), 1 step below the post: the deepest place holding 50% or "
		"more of a post's words (dates, counts and labels another post has left out), 71% "
		"on average\n"));
	detail(&pg, &p, who2, &ex);
	assert_non_null(strstr(ex.data,
		"dropped: in post 2 of 4 of a forum thread, outside its message (an author panel, "
		"a signature, controls)\n"));
	detail(&pg, &p, sig3, &ex);
	assert_non_null(strstr(ex.data,
		"dropped: its text stands at the same place in 2 posts (a signature, a control); "
		"post 3 of 4 of a forum thread\n"));
	detail(&pg, &p, child(d, t->msg[0], 1), &ex);
	assert_non_null(strstr(ex.data, "this is post 1, whose message holds the largest kept "
				   "block\n"));

	/* auto.thread=off: no thread, and the replies go as the model has it */
	int msg2 = t->msg[1];
	struct buf off;
	buf_init(&off);
	char err[100];
	assert_int_equal(params_set(&p, "auto.thread=off", err, sizeof err), 0);
	test_run_into(&pg, &method_auto, &p, NULL, &off);
	st = test_last.state;
	assert_int_equal(st->thread.nposts, 0);
	assert_int_not_equal(test_last.dc.reason[msg2], REASON_THREAD);
	buf_free(&off);
	buf_free(&ex);
	buf_free(&out);
	page_free(&pg);
}

/* Replies nested in the posts they answer (lobste.rs, Lemmy, old
 * Reddit): each comment an li of a div (author, date, message) and an ol
 * of its replies.  ann's li holds bob's reply, bob's holds cy's; di and
 * ed answer no one.
 *
 * The model keeps ann's message alone (151 characters, white space not
 * counted): the anchor.  Its li's siblings: tag paths 4 levels down, ann's
 * li has div, div/div, div/div/a, div/div/span, ol, ol/li, ol/li/div,
 * ol/li/ol, ol/li/div/div, ol/li/ol/li (10); di's and ed's the first four
 * (4 of 10: 40 %, under 50 %, but all 4 stand among the 10, at most 3
 * times as many: 100 % >= 80 %).  The message place is li/div/div[2], 2
 * steps down: ann's li holds 151 of its 151 + 108 + 190 = 449 words there
 * (bob's and cy's replies count in it), di's and ed's all theirs: a mean
 * of (151/449 + 1 + 1) / 3 = 0.779 (78 %).  ann's message is her li's; the
 * li elements inside it are bob's (8 of 10 paths: 80 %) and cy's (4 of 10,
 * held 100 %), of the same shape: posts too.  Each post is then the div
 * of its li that holds the message, 1 step above it, and holds no other
 * li: five posts, apart, in page order, each a name and a date beside its
 * message.  Without it only the three top messages were kept, the replies
 * being in no post's message. */
static const char nested_thread[] =
	"<html><body><h1>Ferry to Ness</h1>\n"
	"<ol id=\"comments\"><li><div><div><a href=\"/u/ann\">ann</a> <span>12 Jan</span></div>"
	"<div>Has anyone taken the ferry to Ness this winter? I heard the timetable changed in "
	"January and the evening boat does not run on Sundays any more, which would leave me "
	"stuck on the island.</div></div>\n"
	"<ol><li><div><div><a href=\"/u/bob\">bob</a> <span>13 Jan</span></div><div>Yes, it runs "
	"twice a day now, once early in the morning and once at noon, and the crossing takes "
	"about forty minutes in calm weather.</div></div>\n"
	"<ol><li><div><div><a href=\"/u/cy\">cy</a> <span>14 Jan</span></div><div>Only twice a "
	"day in winter: the evening boat was cancelled on both Sundays I tried, and the harbour "
	"office says it will not run again before March, so plan your visit around the morning "
	"crossing and keep a day spare in case of storms.</div></div></li></ol></li></ol></li>\n"
	"<li><div><div><a href=\"/u/di\">di</a> <span>15 Jan</span></div><div>Check the harbour "
	"board before you go, because the office posts every change there first and the "
	"website is often a day or two behind.</div></div></li>\n"
	"<li><div><div><a href=\"/u/ed\">ed</a> <span>16 Jan</span></div><div>It was fine for me "
	"on Monday, although the boat left twenty minutes late because of the wind and nobody "
	"told us why until we were on board.</div></div></li>\n"
	"</ol></body></html>\n";

static void
test_nested_replies(void **state)
{
	(void)state;
	struct page pg;
	const struct thread *t = check_text(&pg, nested_thread,
		"Has anyone taken the ferry to Ness this winter? I heard the timetable changed in "
		"January and the evening boat does not run on Sundays any more, which would leave "
		"me stuck on the island.\n"
		"Yes, it runs twice a day now, once early in the morning and once at noon, and the "
		"crossing takes about forty minutes in calm weather.\n"
		"Only twice a day in winter: the evening boat was cancelled on both Sundays I tried, "
		"and the harbour office says it will not run again before March, so plan your visit "
		"around the morning crossing and keep a day spare in case of storms.\n"
		"Check the harbour board before you go, because the office posts every change there "
		"first and the website is often a day or two behind.\n"
		"It was fine for me on Monday, although the boat left twenty minutes late because of "
		"the wind and nobody told us why until we were on board.\n", 5);
	const struct dom *d = pg.dom;
	int ol = test_by_id(&pg, "comments");
	int ann = child(d, ol, 1), di = child(d, ol, 2), ed = child(d, ol, 3);
	int bob = child(d, child(d, ann, 2), 1), cy = child(d, child(d, bob, 2), 1);
	int li[5] = { ann, bob, cy, di, ed };
	assert_int_equal(t->members, 5);
	assert_int_equal(t->nested, 2);
	assert_int_equal(t->members - t->nested, 3);
	assert_int_equal(t->container, ol);
	assert_int_equal(t->anchor_post, 0);
	assert_int_equal(t->msg_depth, 1);
	for (int k = 0; k < 5; k++) {
		assert_int_equal(t->post[k], child(d, li[k], 1));
		assert_int_equal(t->msg[k], child(d, t->post[k], 2));
	}
	assert_near(t->share, (151.0 / 449 + 2) / 3, 1e-9);
	assert_near(t->sim[1], 8.0 / 10, 1e-9);
	assert_near(t->sim[2], 4.0 / 10, 1e-9);
	assert_near(t->held[2], 1, 1e-9);
	assert_int_equal(test_last.dc.reason[child(d, t->post[2], 1)], REASON_POST_PART);

	struct params p;
	params_default(&p);
	struct buf ex;
	buf_init(&ex);
	detail(&pg, &p, t->msg[2], &ex);
	assert_non_null(strstr(ex.data,
		"kept: the message of post 3 of 5 of a forum thread\n"
		"the posts: 3 li elements of one shape in ol#comments (line 2), and 2 more nested "
		"in them, each reply in the li of the post it answers; a post is the div of its li "
		"that holds the message, with text beside the message and a digit there (a date, a "
		"number)\n"
		"the li of this one and that of post 1 (the largest kept block's) share 40% of their "
		"tag paths 4 levels down (50% make one shape, or the fewer paths of the two stand "
		"80% or more among the more: here 100%)\n"
		"its message: div (line 4), 1 step below the post: the deepest place holding 50% or "
		"more of the words of the 3 li elements side by side, on average over them (their "
		"replies' words counted in; dates, counts and labels another has left out): 78%\n"));
	buf_free(&ex);
	page_free(&pg);
}

/* The same thread with a hidden reply after bob's: a li whose div is
 * empty (a board hides a reply rated down so), holding gus's answer to
 * it.  The hidden li has text (gus's) and the shape of a post, but no
 * message of its own: no child of it has text on the way to the message
 * place.  It is no post; gus's li, nested in it, is one.  Without this
 * the nesting failed as a whole, and with it every reply. */
static void
test_nested_hidden(void **state)
{
	(void)state;
	struct buf html;
	buf_init(&html);
	const char *cut = strstr(nested_thread, "</li></ol></li></ol></li>");
	assert_non_null(cut);
	size_t at = (size_t)(cut - nested_thread) + strlen("</li></ol></li>");
	buf_add(&html, nested_thread, at);
	buf_adds(&html, "<li><div></div><ol><li><div><div><a href=\"/u/gus\">gus</a> <span>15 Jan</span>"
		 "</div><div>The timetable on the pier is the old one, so ask at the office before you "
		 "plan the return.</div></div></li></ol></li>");
	buf_adds(&html, nested_thread + at);
	struct page pg;
	const struct thread *t = check_text(&pg, html.data,
		"Has anyone taken the ferry to Ness this winter? I heard the timetable changed in "
		"January and the evening boat does not run on Sundays any more, which would leave "
		"me stuck on the island.\n"
		"Yes, it runs twice a day now, once early in the morning and once at noon, and the "
		"crossing takes about forty minutes in calm weather.\n"
		"Only twice a day in winter: the evening boat was cancelled on both Sundays I tried, "
		"and the harbour office says it will not run again before March, so plan your visit "
		"around the morning crossing and keep a day spare in case of storms.\n"
		"The timetable on the pier is the old one, so ask at the office before you plan the "
		"return.\n"
		"Check the harbour board before you go, because the office posts every change there "
		"first and the website is often a day or two behind.\n"
		"It was fine for me on Monday, although the boat left twenty minutes late because of "
		"the wind and nobody told us why until we were on board.\n", 6);
	const struct dom *d = pg.dom;
	int ol = test_by_id(&pg, "comments");
	int ann = child(d, ol, 1), di = child(d, ol, 2), ed = child(d, ol, 3);
	int bob = child(d, child(d, ann, 2), 1), cy = child(d, child(d, bob, 2), 1);
	int hidden = child(d, child(d, ann, 2), 2), gus = child(d, child(d, hidden, 2), 1);
	int li[6] = { ann, bob, cy, gus, di, ed };
	assert_int_equal(t->members, 6);
	assert_int_equal(t->nested, 3);
	assert_int_equal(t->container, ol);
	for (int k = 0; k < 6; k++)
		assert_int_equal(t->post[k], child(d, li[k], 1));
	page_free(&pg);
	buf_free(&html);
}

/* A link post alone in a list of its own, in a wrapper holding nothing
 * else (old Reddit's div#siteTable in its div.spacer), and the comments
 * two levels down in the wrapper's next sibling, a div as every element
 * here is: the replies are the list of alike comments found in that
 * sibling, named as comments; the link post's message is the div around
 * the largest kept block (the walk took its entry, all its text); cy's
 * reply is nested in bob's comment.  The sidebar before, which the
 * model keeps, is no part of the thread. */
#define DIVS_THREAD(name) \
	"<html><body>\n" \
	"<div id=\"side\"><div><p>Welcome to the board about boats and ferries. Be kind to " \
	"each other and keep to the subject, please.</p></div></div>\n" \
	"<div id=\"content\"><div id=\"wrap\"><div id=\"links\"><div id=\"op\"><div>" \
	"<p><a href=\"/t/1\">Ferry to Ness in winter</a></p><p>submitted 3 days ago by " \
	"ann</p><div><form action=\"#\"><div><div><p>Has anyone taken the ferry to Ness " \
	"this winter? I heard the evening boat no longer runs on Sundays, which would leave " \
	"me stuck on the island.</p></div></div></form></div></div></div></div></div>\n" \
	"<div id=\"area\"><div>4 comments</div><div id=\"list\">\n" \
	"<div class=\"" name "\"><div><p>bob 5 points 2 days ago</p><form action=\"#\"><div>" \
	"<div><p>It runs twice a day now, early in the morning and at noon.</p></div></div>" \
	"</form></div><div><div>" \
	"<div class=\"" name "\"><div><p>cy 2 points 1 day ago</p><form action=\"#\"><div>" \
	"<div><p>Only twice a day in winter, and never on a Sunday evening.</p></div></div>" \
	"</form></div><div></div></div>" \
	"</div></div></div>\n" \
	"<div class=\"" name "\"><div><p>di 3 points 2 days ago</p><form action=\"#\"><div>" \
	"<div><p>Check the harbour board before you go, it has every change first.</p></div>" \
	"</div></form></div><div></div></div>\n" \
	"<div class=\"" name "\"><div><p>ed 1 point 1 day ago</p><form action=\"#\"><div>" \
	"<div><p>It was fine for me on Monday, twenty minutes late because of the wind.</p>" \
	"</div></div></form></div><div></div></div>\n" \
	"</div></div></div>\n" \
	"</body></html>\n"

static void
test_divs_apart(void **state)
{
	(void)state;
	struct page pg;
	const struct thread *t = check_text(&pg, DIVS_THREAD("comment"),
		"Has anyone taken the ferry to Ness this winter? I heard the evening boat no "
		"longer runs on Sundays, which would leave me stuck on the island.\n"
		"It runs twice a day now, early in the morning and at noon.\n"
		"Only twice a day in winter, and never on a Sunday evening.\n"
		"Check the harbour board before you go, it has every change first.\n"
		"It was fine for me on Monday, twenty minutes late because of the wind.\n", 5);
	const struct dom *d = pg.dom;
	assert_true(t->opening);
	assert_int_equal(t->nested, 1);
	assert_int_equal(t->post[0], test_by_id(&pg, "links"));
	assert_int_equal(t->container, test_by_id(&pg, "content"));
	/* the message: the div around the link post's form, four levels
	 * below #links as the replies' are below theirs */
	int op = test_by_id(&pg, "op");
	assert_int_equal(t->msg[0], child(d, child(d, op, 1), 3));
	/* the link post's 156 characters (white space aside: its title 19,
	 * "submitted ..." 22, its paragraph 115) against the three top
	 * comments' 127 (bob's with cy's reply), 71 and 72: 156 x 3 / 270
	 * = 1.7 times their mean */
	struct params p;
	params_default(&p);
	struct buf ex;
	buf_init(&ex);
	detail(&pg, &p, child(d, t->msg[2], 1), &ex);
	assert_non_null(strstr(ex.data,
		"the posts: an opening post in div#wrap (line 3), and after it 3 div elements of "
		"one shape in a container of their own, div#list (line 4), and 1 more nested in "
		"them, each reply in the div of the post it answers (a post is the part of it that "
		"holds the message), named as comments but the opening post holds 1.7 times their "
		"mean text (3 at most: a discussion's question or link, not an article), each with "
		"text beside its message and a digit there"));
	buf_free(&ex);
	page_free(&pg);
	/* the comments not named so: a list of cards after a short text */
	assert_no_thread(DIVS_THREAD("card"));
}


/* A reply whose message has headings, a list and code: tag paths 4
 * levels below a post, post 1 and post 3 have div, div/a, div/span, div/p
 * (4); post 2 those and div/h2, div/ul, div/ul/li, div/pre, div/pre/code
 * (9).  Post 2 and post 1 share 4 of 9 (44 %, under 50 %), but all 4 of
 * post 1's stand among post 2's 9, at most 3 times as many: 100 % >=
 * 80 %, one shape.  Without that, two posts of one shape make no thread. */
static const char long_reply[] =
	"<html><body>\n"
	"<h1>Which flour for a rye starter?</h1>\n"
	"<div id=\"posts\">\n"
	"<div><div><a href=\"/u/ann\">ann</a> <span>2021</span></div><div><p>I want to start a rye "
	"sourdough this winter and the shop sells four kinds of rye flour, light, medium, dark "
	"and whole grain.</p><p>Which one should the starter get, and does it matter later for "
	"the bread itself?</p></div></div>\n"
	"<div><div><a href=\"/u/bob\">bob</a> <span>2022</span></div><div><h2>Flour</h2><ul>"
	"<li>Dark rye, whole grain</li><li>Spelt for a milder taste</li></ul><pre><code>100 g "
	"flour + 100 g water</code></pre><p>Feed it at the same hour each day.</p></div></div>\n"
	"<div><div><a href=\"/u/cy\">cy</a> <span>2023</span></div><div><p>Thanks, that helped "
	"a lot.</p></div></div>\n"
	"</div>\n"
	"</body></html>\n";

static void
test_long_reply(void **state)
{
	(void)state;
	struct page pg;
	const struct thread *t = check_text(&pg, long_reply,
		"I want to start a rye sourdough this winter and the shop sells four kinds of rye "
		"flour, light, medium, dark and whole grain.\n"
		"Which one should the starter get, and does it matter later for the bread itself?\n"
		"Flour\n"
		"Dark rye, whole grain\n"
		"Spelt for a milder taste\n"
		"100 g flour + 100 g water\n"
		"Feed it at the same hour each day.\n"
		"Thanks, that helped a lot.\n", 3);
	assert_near(t->sim[1], 4.0 / 9, 1e-9);
	assert_near(t->held[1], 1.0, 1e-9);
	assert_near(t->sim[2], 1.0, 1e-9);
	assert_near(t->held[2], 0.0, 1e-9);
	struct params p;
	params_default(&p);
	struct buf ex;
	buf_init(&ex);
	detail(&pg, &p, child(pg.dom, t->msg[1], 1), &ex);
	assert_non_null(strstr(ex.data,
		"this one and post 1 (the largest kept block's) share 44% of their tag paths 4 "
		"levels down (50% make one shape), but the fewer paths of the two stand 100% among "
		"the more (80% make one shape where the more are at most 3 times as many: a long "
		"message's own headings, lists and code)\n"));
	buf_free(&ex);
	page_free(&pg);
}

/* A table layout: each post a row of two cells, the author's (a name and
 * a post count) and the message; the head row and a spacer row between
 * posts are not of that shape.  The rows' paths: td, td/b, td/br (post 1
 * has td/p as well): 3 of 4 = 75 %.  The message cell td[2] holds most of
 * each row's text; the author cell's count has the digit. */
static const char table_thread[] =
	"<html><body><table>\n"
	"<tr><th>Author</th><th>Message</th></tr>\n"
	"<tr><td><b>mira</b><br>Posts: 12</td><td><p>The ferry to the island was cancelled "
	"again this morning because of the wind, the third time this week.</p><p>Does anyone "
	"know whether the afternoon boat is running, or should I book a room in town?</p></td></tr>\n"
	"<tr><td colspan=\"2\"></td></tr>\n"
	"<tr><td><b>oskar</b><br>Posts: 340</td><td>The afternoon boat runs, I am on it.</td></tr>\n"
	"<tr><td colspan=\"2\"></td></tr>\n"
	"<tr><td><b>mira</b><br>Posts: 13</td><td>Great, see you there.</td></tr>\n"
	"<tr><td colspan=\"2\"></td></tr>\n"
	"<tr><td><b>lee</b><br>Posts: 2</td><td>Take a warm coat, the deck is cold.</td></tr>\n"
	"</table>\n"
	"<p><a href=\"/new\">New topic</a> <a href=\"/reply\">Reply</a></p>\n"
	"</body></html>\n";

static void
test_table_thread(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, table_thread);
	struct params p;
	params_default(&p);
	struct buf out;
	buf_init(&out);
	test_run_into(&pg, &method_auto, &p, NULL, &out);
	assert_string_equal(out.data,
		"The ferry to the island was cancelled again this morning because of the wind, "
		"the third time this week.\n"
		"Does anyone know whether the afternoon boat is running, or should I book a room "
		"in town?\n"
		"The afternoon boat runs, I am on it.\n"
		"Great, see you there.\n"
		"Take a warm coat, the deck is cold.\n");
	const struct thread *t = &((const struct auto_state *)test_last.state)->thread;
	assert_int_equal(t->nposts, 4);
	for (int k = 0; k < 4; k++) {
		assert_string_equal(dom_tagname(pg.dom, t->post[k]), "tr");
		assert_int_equal(t->msg[k], child(pg.dom, t->post[k], 2));
	}
	buf_free(&out);
	page_free(&pg);
}

/* An article with a comment section: the comments are posts of one shape
 * (a dated author line and a message), but the largest kept block is the
 * article's, outside them, so there is no thread and the comments stay
 * out, as aeb's and trafilatura's golds have it.  (The article names its
 * date: an undated page would keep cc's blocks too.) */
static const char article_comments[] =
	"<html><body>\n"
	"<div id=\"story\"><h1>Harbour wall to be rebuilt</h1>\n"
	"<p><time datetime=\"2024-05-02\">2 May 2024</time></p>\n"
	"<p>The council has approved the money to rebuild the harbour wall, which was "
	"breached twice in the storms of last winter and has been shored up with sandbags "
	"since January.</p>\n"
	"<p>Work will start in the spring and is expected to take eighteen months. The "
	"fishing boats will moor at the north quay while the south side is closed.</p>\n"
	"<p>The harbour master said the new wall would be a metre higher than the old one "
	"and built to stand the storms that the coast now sees every few years.</p>\n"
	"</div>\n"
	"<div id=\"talk\">\n"
	"<div><div><a href=\"/u/1\">jon</a> 3 May</div><div>About time too, the sandbags have "
	"been there for months.</div></div>\n"
	"<div><div><a href=\"/u/2\">ria</a> 3 May</div><div>Eighteen months is a long time "
	"for the boats at the north quay.</div></div>\n"
	"<div><div><a href=\"/u/3\">sam</a> 4 May</div><div>Good news for the town.</div></div>\n"
	"</div>\n"
	"</body></html>\n";

static void
test_article_comments(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, article_comments);
	struct params p;
	params_default(&p);
	struct buf out;
	buf_init(&out);
	test_run_into(&pg, &method_auto, &p, NULL, &out);
	const struct thread *t = &((const struct auto_state *)test_last.state)->thread;
	assert_int_equal(t->nposts, 0);
	assert_non_null(strstr(out.data, "The harbour master said"));
	assert_null(strstr(out.data, "sandbags have been there"));
	assert_null(strstr(out.data, "Good news for the town"));
	buf_free(&out);
	page_free(&pg);
}

/* Signatures inside the message's own element, as phpBB 2 and vBulletin
 * 3 set them: after a line of underscores (post 1: the line's 10
 * characters and "Tom's garage, est. 1987"'s 20 make a tail of 30, at
 * most 300 and under half of the message's 125) or after an <hr> (post
 * 3: "Ann, Leeds", 9 of 35).  Post 4 quotes the signature's words inside
 * its own sentence: not the same text at the same place, no delimiter,
 * so it stays whole. */
static const char sig_thread[] =
	"<html><body><div id=\"t\">\n"
	"<div><div><a href=\"/u/tom\">tom</a> 2019</div><div>The clutch slips in third gear "
	"when the van is loaded, and the pedal feels soft since I changed the fluid last "
	"month.<br>__________<br>Tom's garage, est. 1987</div></div>\n"
	"<div><div><a href=\"/u/ann\">ann</a> 2019</div><div>Bleed it again from the "
	"slave cylinder.</div></div>\n"
	"<div><div><a href=\"/u/ann\">ann</a> 2019</div><div>And check the master for "
	"leaks.<hr>Ann, Leeds</div></div>\n"
	"<div><div><a href=\"/u/bo\">bo</a> 2020</div><div>Tom's garage, est. 1987 is mine "
	"too.</div></div>\n"
	"</div></body></html>\n";

static void
test_signature_in_message(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, sig_thread);
	struct params p;
	params_default(&p);
	struct buf out;
	buf_init(&out);
	test_run_into(&pg, &method_auto, &p, NULL, &out);
	assert_int_equal(((const struct auto_state *)test_last.state)->thread.nposts, 4);
	assert_string_equal(out.data,
		"The clutch slips in third gear when the van is loaded, and the pedal feels soft "
		"since I changed the fluid last month.\n"
		"Bleed it again from the slave cylinder.\n"
		"And check the master for leaks.\n"
		"Tom's garage, est. 1987 is mine too.\n");
	buf_free(&out);
	page_free(&pg);
}

/* A message posted twice: the opener gives the whole opening message
 * again in post 3, at the same place (div[2]/p[1], p[2]), under a
 * quote of bob's reply.  The two paragraphs hold 169 + 141 = 310
 * characters (white space not counted), more than a signature's 300,
 * and all of post 1's message: not a signature, so post 1 keeps them.
 * In post 3 the copy is 310 of 310 + 13 ("Quoting bob:" 11 and "ok" 2,
 * in the blockquote: another's words, which count in the message but
 * not as posted twice) = 96 % >= 80 %: kept by the thread too.  All
 * its trigrams are post 1's, but it stands at the same place in another
 * post (div[2]/p under each post's div, the two posts' texts differing):
 * post 3's own message, no duplicate.  The quote stays (two lines too
 * short for trigrams).  Before, both copies went as a signature would. */
#define HARBOUR_MESSAGE \
	"<p>The harbour wall by the lifeboat station has a crack that grows after every " \
	"spring tide, and the council has not answered the letters we sent in March. The " \
	"crack is as wide as a hand at the top of the steps now.</p><p>Who else has seen " \
	"it, and would you sign a second letter asking them to inspect the wall before the " \
	"autumn gales? Copies will be at the shop and at the chandlery from Monday.</p>"
static const char twice_thread[] =
	"<html><body>\n"
	"<h1>The harbour wall</h1>\n"
	"<div id=\"posts\">\n"
	"<div><div><a href=\"/u/ann\">ann</a> <span>2021</span></div><div>" HARBOUR_MESSAGE
	"</div></div>\n"
	"<div><div><a href=\"/u/bob\">bob</a> <span>2022</span></div><div><p>ok</p></div></div>\n"
	"<div><div><a href=\"/u/ann\">ann</a> <span>2023</span></div><div><blockquote>"
	"<div>Quoting bob:</div><div>ok</div></blockquote>" HARBOUR_MESSAGE
	"</div></div>\n"
	"<div><div><a href=\"/u/cy\">cy</a> <span>2024</span></div><div><p>I will sign it "
	"at the shop on Saturday.</p></div></div>\n"
	"</div></body></html>\n";

static void
test_posted_twice(void **state)
{
	(void)state;
	struct page pg;
	const struct thread *t = check_text(&pg, twice_thread,
		"The harbour wall by the lifeboat station has a crack that grows after every "
		"spring tide, and the council has not answered the letters we sent in March. The "
		"crack is as wide as a hand at the top of the steps now.\n"
		"Who else has seen it, and would you sign a second letter asking them to inspect "
		"the wall before the autumn gales? Copies will be at the shop and at the chandlery from Monday.\n"
		"ok\n"
		"Quoting bob:\n"
		"ok\n"
		"The harbour wall by the lifeboat station has a crack that grows after every "
		"spring tide, and the council has not answered the letters we sent in March. The "
		"crack is as wide as a hand at the top of the steps now.\n"
		"Who else has seen it, and would you sign a second letter asking them to inspect "
		"the wall before the autumn gales? Copies will be at the shop and at the chandlery from Monday.\n"
		"I will sign it at the shop on Saturday.\n", 4);
	const struct dom *d = pg.dom;
	int p1 = child(d, t->msg[0], 1), p2 = child(d, t->msg[0], 2);
	assert_int_equal(t->repeat[p1], 0);
	assert_int_equal(t->repeat[p2], 0);
	assert_int_equal(test_last.dc.reason[p1], REASON_THREAD);
	/* the copy in post 3, after its blockquote */
	int c1 = child(d, t->msg[2], 2);
	assert_int_equal(test_last.dc.reason[c1], REASON_THREAD);
	page_free(&pg);
}

/* An opening post laid out apart: a line of counts ("12 replies", "3
 * years ago": a digit, 40 characters at most, so no words) where the
 * replies have their message, the message one element further.  The
 * message place is div[2], one step below a post: in the replies it
 * holds all their words (1 each), in the opening post none, a mean of
 * 3/4 = 75 % >= 50 %.  Walked in the opening post, div[2] holds a p
 * as the replies' messages do (so the walk stays there: test_titled_post
 * has a div[2] that holds nothing a message holds) and text (the counts)
 * but none of its words, so its message is its own place:
 * div[3], the deepest holding half its words or more (all 125
 * characters of the paragraph; the p itself may not be a message).
 * Before, the paragraph was outside the message, a post part. */
static const char apart_thread[] =
	"<html><body>\n"
	"<div id=\"posts\">\n"
	"<div><div><a href=\"/u/ann\">ann</a> <span>2021</span></div><div><p><span>12 replies</span> "
	"<span>3 years ago</span></p></div><div><p>The slipway at the east pier is green with weed "
	"again and two people fell there on Sunday, one of them with a boat trailer.</p>"
	"</div></div>\n"
	"<div><div><a href=\"/u/bob\">bob</a> <span>2022</span></div><div><p>I will bring a stiff "
	"brush on Saturday morning.</p></div></div>\n"
	"<div><div><a href=\"/u/cy\">cy</a> <span>2023</span></div><div><p>The council cleans it "
	"in spring only.</p></div></div>\n"
	"<div><div><a href=\"/u/di\">di</a> <span>2024</span></div><div><p>Count me in for "
	"Saturday.</p></div></div>\n"
	"</div></body></html>\n";

static void
test_opening_own_place(void **state)
{
	(void)state;
	struct page pg;
	const struct thread *t = check_text(&pg, apart_thread,
		"The slipway at the east pier is green with weed again and two people fell there "
		"on Sunday, one of them with a boat trailer.\n"
		"I will bring a stiff brush on Saturday morning.\n"
		"The council cleans it in spring only.\n"
		"Count me in for Saturday.\n", 4);
	const struct dom *d = pg.dom;
	assert_int_equal(t->msg_depth, 1);
	assert_int_equal(t->msg[0], child(d, t->post[0], 3));
	assert_int_equal(t->own[0], 1);
	for (int k = 1; k < 4; k++) {
		assert_int_equal(t->msg[k], child(d, t->post[k], 2));
		assert_int_equal(t->own[k], 0);
	}
	struct params p;
	params_default(&p);
	struct buf out;
	buf_init(&out);
	detail(&pg, &p, child(d, t->msg[0], 1), &out);
	assert_non_null(strstr(out.data,
		"its message: div (line 3), 1 step below the post: the deepest place holding 50% or "
		"more of its own words, as the messages' place (1 step below a post) holds none of "
		"them here\n"));
	buf_free(&out);
	page_free(&pg);
}

/* A page's columns are no posts: a header, the article's column with its
 * sidebar and a footer under body, alike in shape (div > div > p, twice),
 * each with a date beside its first box, the article the largest kept
 * block in the middle one's.  Their text beside that box (the sidebar,
 * the footer's lists: over 500 characters in the median column) is no
 * author panel, so there is no thread and the model's decision stands. */
static void
test_page_columns(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "<html><body>");
	buf_adds(&b, "<div><div><p>The Harbour Courier, your town's paper since the old days of print.</p>"
		     "</div><div><p>Edition of 12 March 2021.</p></div></div>");
	buf_adds(&b, "<div><div>");
	for (int i = 0; i < 4; i++)
		buf_adds(&b, "<p>The council approved the money for the new harbour wall on Tuesday, "
			     "after a long debate about the cost and the storms of last winter.</p>");
	buf_adds(&b, "</div><div>");
	for (int i = 0; i < 8; i++)
		buf_printf(&b, "<p>Most read %d: a story about the town's market, its ferry and its "
			       "weather, updated 2021.</p>", i + 1);
	buf_adds(&b, "</div></div>");
	buf_adds(&b, "<div><div><p>About us, contact, advertising and the terms of use.</p></div><div>");
	for (int i = 0; i < 8; i++)
		buf_printf(&b, "<p>Section %d of the site map: news, sport, weather, business, "
			       "opinion and letters.</p>", i + 1);
	buf_adds(&b, "</div></div></body></html>");
	assert_no_thread(b.data);
	buf_free(&b);
}

/* A page of numbered sections: each a heading with its number ("01
 * Free tools") over a box of a paragraph and a link, four alike.  The
 * number beside each box is a heading's, a section's, not a post's date:
 * no section is a post, and there is no thread (with the heading's digit
 * counted, the four were a thread's posts and their headings were
 * dropped as post parts).  The page names no date, and keeps cc's blocks
 * in cc's region: every heading and paragraph, not the links. */
static void
test_numbered_sections(void **state)
{
	(void)state;
	static const char *const what[] = { "Free tools", "Email sync", "Automation", "Reports" };
	static const char *const says[] = {
		"Every plan comes with a contact list, a pipeline and a calendar, set up in minutes "
		"and free for as long as your team stays small.",
		"Send and receive mail from the contact's page, and see when a message was opened, "
		"without copying anything between inboxes.",
		"Simple rules move a deal to the next stage, assign the follow-up to a colleague and "
		"remind you when a customer goes quiet.",
		"A weekly summary shows what was won, what was lost and which deals need a call, in "
		"one page that the whole team can read.",
	};
	struct buf b, want;
	buf_init(&b);
	buf_init(&want);
	buf_adds(&b, "<html><body><h1>A simple CRM for small teams</h1><div id=\"features\">");
	for (int i = 0; i < 4; i++) {
		buf_printf(&b, "<div><h3>0%d %s</h3><div><p>%s</p><a href=\"/f/%d\">Learn more</a>"
			   "</div></div>", i + 1, what[i], says[i], i);
		buf_printf(&want, "0%d %s\n%s\n", i + 1, what[i], says[i]);
	}
	buf_adds(&b, "</div></body></html>");
	struct page pg;
	check_text(&pg, b.data, want.data, 0);
	page_free(&pg);
	buf_free(&b);
	buf_free(&want);
}

/* A reference page of four entries, alike: a line with a version and
 * a signature, then the entry's example in a pre.  As a thread, each
 * entry is a post (the version's digit beside its message) whose message
 * is the example; but the messages' text is all in a pre (code), and a
 * thread's messages are not mostly code: there is no thread, and the
 * signatures stay. */
static void
test_code_entries(void **state)
{
	(void)state;
	static const char *const fn[] = { "is_ok", "is_err", "unwrap_or", "map_err" };
	static const char *const ex[] = {
		"let x: Result&lt;i32, &amp;str&gt; = Ok(-3);\nassert_eq!(x.is_ok(), true);\n"
		"let y: Result&lt;i32, &amp;str&gt; = Err(&quot;bad&quot;);\nassert_eq!(y.is_ok(), false);",
		"let x: Result&lt;i32, &amp;str&gt; = Ok(-3);\nassert_eq!(x.is_err(), false);\n"
		"let y: Result&lt;i32, &amp;str&gt; = Err(&quot;bad&quot;);\nassert_eq!(y.is_err(), true);",
		"let dflt = 2;\nlet x: Result&lt;u32, &amp;str&gt; = Ok(9);\n"
		"assert_eq!(x.unwrap_or(dflt), 9);",
		"let x: Result&lt;u32, u32&gt; = Ok(2);\nassert_eq!(x.map_err(|e| e + 1), Ok(2));\n"
		"let y: Result&lt;u32, u32&gt; = Err(13);\nassert_eq!(y.map_err(|e| e + 1), Err(14));",
	};
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "<html><body><h1>Enum Result</h1><p>Result is the type used for returning "
		 "and propagating errors, with the variants Ok, holding a success value, and Err, "
		 "holding an error value.</p><div id=\"methods\">");
	for (int i = 0; i < 4; i++)
		buf_printf(&b, "<section><div><span>1.0.0</span> <code>pub fn %s(&amp;self)</code>"
			   "</div><div><pre>%s</pre></div></section>", fn[i], ex[i]);
	buf_adds(&b, "</div></body></html>");
	struct page pg;
	check_text(&pg, b.data,
		"Enum Result\n"
		"Result is the type used for returning and propagating errors, with the variants "
		"Ok, holding a success value, and Err, holding an error value.\n"
		"1.0.0 pub fn is_ok(&self)\n"
		"let x: Result<i32, &str> = Ok(-3);\nassert_eq!(x.is_ok(), true);\n"
		"let y: Result<i32, &str> = Err(\"bad\");\nassert_eq!(y.is_ok(), false);\n"
		"1.0.0 pub fn is_err(&self)\n"
		"let x: Result<i32, &str> = Ok(-3);\nassert_eq!(x.is_err(), false);\n"
		"let y: Result<i32, &str> = Err(\"bad\");\nassert_eq!(y.is_err(), true);\n"
		"1.0.0 pub fn unwrap_or(&self)\n"
		"let dflt = 2;\nlet x: Result<u32, &str> = Ok(9);\nassert_eq!(x.unwrap_or(dflt), 9);\n"
		"1.0.0 pub fn map_err(&self)\n"
		"let x: Result<u32, u32> = Ok(2);\nassert_eq!(x.map_err(|e| e + 1), Ok(2));\n"
		"let y: Result<u32, u32> = Err(13);\nassert_eq!(y.map_err(|e| e + 1), Err(14));\n", 0);
	page_free(&pg);
	buf_free(&b);
}

/* A reference page whose entries are disclosures, as rustdoc writes
 * them: each a details element, its summary a line with the version, a
 * link to the source and the signature (libtidy moves the section out
 * of the summary, beside it), then the description and an example.
 * Alike as posts, each with a digit beside its message (the version)
 * and a message of prose and code, and the thread stage took them for
 * a thread from the longest description, the signatures its posts'
 * panels; but a disclosure is no post: there is no thread, and every
 * signature stays over its description. */
static void
test_disclosures(void **state)
{
	(void)state;
	static const char *const fn[] = { "is_empty", "len", "clear", "push" };
	static const char *const arg[] = { "&amp;self) -&gt; bool", "&amp;self) -&gt; usize",
					   "&amp;mut self)", "&amp;mut self, c: char)" };
	static const char *const text[] = { "&self) -> bool", "&self) -> usize", "&mut self)",
					    "&mut self, c: char)" };
	static const char *const says[] = {
		"Returns true if the buffer holds no characters, and false if it holds one or more.",
		"Returns the length of the buffer in bytes, which is not always the number of "
		"characters it holds: a character outside ASCII takes two, three or four bytes, so "
		"that a buffer of ten characters may be forty bytes long. Count the characters "
		"with chars().count(), which reads the whole buffer, where the number matters.",
		"Truncates the buffer, removing every character it holds; its capacity stays.",
		"Appends the character given to the end of the buffer, growing it where it is full.",
	};
	struct buf b, want;
	buf_init(&b);
	buf_init(&want);
	static const char intro[] = "A growable buffer of characters, written to at its end and "
		"read from anywhere in it. A buffer owns its characters and frees them when it is "
		"dropped; it grows by doubling, so that appending one character at a time costs "
		"little on average.";
	buf_printf(&b, "<html><body><h1>Struct Buffer</h1><p>%s</p><div id=\"methods\">", intro);
	buf_printf(&want, "Struct Buffer\n%s\n", intro);
	for (int i = 0; i < 4; i++) {
		buf_printf(&b, "<details open><summary><section><span>1.%d.0 &middot; <a "
			   "href=\"/src/buffer.rs.html#%d\">Source</a></span><h4>pub fn %s(%s</h4>"
			   "</section></summary><div><p>%s</p><pre>let mut b = Buffer::new();\n"
			   "b.%s();</pre></div></details>", i + 2, 10 * i, fn[i], arg[i], says[i],
			   fn[i]);
		buf_printf(&want, "1.%d.0 · Source\npub fn %s(%s\n%s\nlet mut b = Buffer::new();\n"
			   "b.%s();\n", i + 2, fn[i], text[i], says[i], fn[i]);
	}
	buf_adds(&b, "</div></body></html>");
	struct page pg;
	check_text(&pg, b.data, want.data, 0);
	page_free(&pg);
	buf_free(&b);
	buf_free(&want);
}

/* Keep only element b of n. */
static void
keep_only(int n, int b, uint8_t *content)
{
	memset(content, 0, (size_t)n + 1);
	content[b] = 1;
}

/* The method keeps the question's two paragraphs (93 and 49
 * characters) and the first answer's one (117), the largest: the posts
 * found from it are the three answers in div#answers, which hold 117 of
 * the 259 characters kept, less than half.  The search starts again from
 * the largest kept block outside div#answers, the question's first
 * paragraph, and finds the question with its answers (4 posts), which
 * hold all 259; the detail of the question's paragraph says where the
 * search started. */
static void
test_question_again(void **state)
{
	(void)state;
	struct buf html = { 0 };
	buf_adds(&html, question_thread);
	const char *q = "<p>My starter stopped rising after I moved it to the cellar. It "
			"smells fine, a little sour, but the bubbles are gone.</p>";
	const char *a = "<p>Too cold, most likely. Bring it back to the kitchen.</p>";
	char *at = strstr(html.data, q);
	assert_non_null(at);
	struct buf page = { 0 };
	buf_add(&page, html.data, (size_t)(at - html.data) + strlen(q));
	buf_adds(&page, "<p>I feed it twice a day with the same flour and water as before.</p>");
	const char *rest = at + strlen(q);
	const char *ra = strstr(rest, a);
	assert_non_null(ra);
	buf_add(&page, rest, (size_t)(ra - rest));
	buf_adds(&page, "<p>Too cold, most likely: a starter slows right down below fifteen degrees. "
		 "Bring it back to the kitchen and feed it there for three or four days.</p>");
	buf_adds(&page, ra + strlen(a));
	struct page pg;
	struct buf out;
	auto_text(&pg, page.data, &out);
	const struct auto_state *st = test_last.state;
	const struct dom *d = pg.dom;
	const struct features *f = &st->sig;
	int question = test_by_id(&pg, "q"), answers = test_by_id(&pg, "answers");
	int qmsg = child(d, child(d, question, 2), 1);
	int q1 = child(d, qmsg, 1), q2 = child(d, qmsg, 2);
	int a1 = child(d, child(d, child(d, child(d, answers, 2), 2), 1), 1);
	int chars[3] = { 0 }, want[3] = { 93, 49, 117 }, el[3] = { q1, q2, a1 };
	for (int j = 0; j < f->nblocks; j++)
		for (int k = 0; k < 3; k++)
			chars[k] += f->block[j] == el[k] ? f->chars[j] : 0;
	assert_memory_equal(chars, want, sizeof chars);
	uint8_t *content = xcalloc((size_t)d->n + 1, 1);
	content[q1] = content[q2] = content[a1] = 1;
	struct thread_cache cache;
	thread_cache_init(&cache);
	struct thread t;
	thread_init(&t);
	assert_true(thread_find(d, st->m, f->block, f->chars, f->nblocks, content, &t, &cache));
	assert_int_equal(cache.searches, 2);
	assert_int_equal(t.nposts, 4);
	assert_int_equal(t.post[0], question);
	assert_int_equal(t.anchor, q1);
	assert_int_equal(t.first_list, answers);
	assert_int_equal(t.kept_in, 259);
	/* the detail of the question's paragraph, with this thread */
	struct auto_state *ms = test_last.state;
	struct thread keep = ms->thread;
	ms->thread = t;
	struct params p;
	params_default(&p);
	struct buf ex = { 0 };
	detail(&pg, &p, q1, &ex);
	assert_non_null(strstr(ex.data,
		"\nthis is post 1, whose message holds the largest kept block outside "
		"div#answers (line 6): the posts found from the largest kept block, in it, held "
		"less than 50% of the kept text\n"));
	buf_free(&ex);
	ms->thread = keep;
	thread_free(&t);
	/* the answer's paragraph alone kept: the answers hold all of it */
	memset(content, 0, (size_t)d->n + 1);
	content[a1] = 1;
	assert_true(thread_find(d, st->m, f->block, f->chars, f->nblocks, content, &t, NULL));
	assert_int_equal(t.nposts, 3);
	assert_int_equal(t.first_list, -1);
	thread_free(&t);
	thread_cache_free(&cache);
	free(content);
	buf_free(&out);
	page_free(&pg);
	buf_free(&page);
	buf_free(&html);
}

/* The page's cache holds the threads of several anchors: a threshold
 * that comes back to an anchor finds its thread again without a search,
 * and each thread is the one a search from nothing finds. */
static void
test_cache_anchors(void **state)
{
	(void)state;
	struct page pg;
	struct buf out;
	auto_text(&pg, div_thread, &out);
	const struct auto_state *st = test_last.state;
	const struct dom *d = pg.dom;
	const struct features *f = &st->sig;
	int posts = test_by_id(&pg, "posts");
	/* anchors: post 1's first paragraph, post 2's message, post 3's
	 * message, then post 1's paragraph again */
	int p1 = child(d, child(d, child(d, posts, 1), 2), 1);
	int m2 = child(d, child(d, posts, 2), 2);
	int m3 = child(d, child(d, posts, 3), 2);
	int order[] = { p1, m2, m3, p1, m2 };
	int searches[] = { 1, 2, 3, 3, 3 };
	uint8_t *content = xmalloc((size_t)d->n + 1);
	struct thread_cache cache;
	thread_cache_init(&cache);
	for (int k = 0; k < 5; k++) {
		keep_only(d->n, order[k], content);
		struct thread a, b;
		thread_init(&a);
		thread_init(&b);
		bool fa = thread_find(d, st->m, f->block, f->chars, f->nblocks, content, &a, &cache);
		bool fb = thread_find(d, st->m, f->block, f->chars, f->nblocks, content, &b, NULL);
		assert_int_equal(cache.searches, searches[k]);
		assert_true(fa);
		assert_int_equal(fa, fb);
		assert_int_equal(a.nposts, 4);
		assert_int_equal(a.nposts, b.nposts);
		assert_int_equal(a.anchor, order[k]);
		assert_int_equal(a.container, posts);
		assert_memory_equal(a.post, b.post, (size_t)a.nposts * sizeof *a.post);
		assert_memory_equal(a.msg, b.msg, (size_t)a.nposts * sizeof *a.msg);
		assert_memory_equal(a.repeat, b.repeat, (size_t)d->n);
		assert_int_equal(a.kept_in, b.kept_in);
		thread_free(&a);
		thread_free(&b);
	}
	/* a fourth anchor takes the free slot; a fifth (the title, in no
	 * post) pushes out the one used longest ago, post 3's message, which
	 * is searched for again when it comes back */
	int m4 = child(d, child(d, posts, 4), 2), h1 = child(d, d->body, 2);
	int more[] = { m4, h1, p1, m3 };
	int after[] = { 4, 5, 5, 6 };
	for (int k = 0; k < 4; k++) {
		keep_only(d->n, more[k], content);
		struct thread a;
		thread_init(&a);
		thread_find(d, st->m, f->block, f->chars, f->nblocks, content, &a, &cache);
		assert_int_equal(cache.searches, after[k]);
		thread_free(&a);
	}
	thread_cache_free(&cache);
	free(content);
	buf_free(&out);
	page_free(&pg);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_div_thread),
		cmocka_unit_test(test_replies_below),
		cmocka_unit_test(test_replies_wrapped),
		cmocka_unit_test(test_opening_apart),
		cmocka_unit_test(test_replies_alike),
		cmocka_unit_test(test_unwrapped_opening),
		cmocka_unit_test(test_question_answers),
		cmocka_unit_test(test_question_again),
		cmocka_unit_test(test_dated_headers),
		cmocka_unit_test(test_empty_slot),
		cmocka_unit_test(test_post_titles),
		cmocka_unit_test(test_story_before),
		cmocka_unit_test(test_thread_intro),
		cmocka_unit_test(test_dl_thread),
		cmocka_unit_test(test_titled_post),
		cmocka_unit_test(test_many_signed),
		cmocka_unit_test(test_table_thread),
		cmocka_unit_test(test_long_reply),
		cmocka_unit_test(test_article_comments),
		cmocka_unit_test(test_signature_in_message),
		cmocka_unit_test(test_posted_twice),
		cmocka_unit_test(test_opening_own_place),
		cmocka_unit_test(test_page_columns),
		cmocka_unit_test(test_numbered_sections),
		cmocka_unit_test(test_code_entries),
		cmocka_unit_test(test_disclosures),
		cmocka_unit_test(test_cache_anchors),
		cmocka_unit_test(test_nested_replies),
		cmocka_unit_test(test_nested_hidden),
		cmocka_unit_test(test_divs_apart),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	run_free(&test_last);
	return rc;
}
