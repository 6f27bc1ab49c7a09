import type { Random } from './seeded-random';
import type { Topic, TopicSection } from './topics';

/**
 * Composes a talk that reads like someone speaking to camera: a greeting, sections that each
 * open with a transition and mix the topic's concrete statements with the connective remarks
 * people make while explaining, and a sign-off. Deterministic for a given Random.
 */

export interface TalkSection {
  heading: string;
  sentences: string[];
}

export interface Talk {
  topic: Topic;
  sections: TalkSection[];
}

const GREETINGS = [
  'Hey everyone, welcome back to the channel.',
  'Hi, and welcome back.',
  'Hello everybody, thanks for stopping by.',
  "What's up everyone, good to see you again.",
  'Hey there, thanks for clicking on this one.',
];

const ANNOUNCEMENTS = [
  "Today we're talking about {subject}.",
  'In this video I want to walk you through {subject}.',
  'This one is all about {subject}.',
  "I've had a lot of requests for a video on {subject}, so here it is.",
];

const AGENDAS = [
  "We'll cover {h1}, {h2}, and {h3}.",
  "I'll go through {h1}, then {h2}, and finally {h3}.",
  'The plan is simple: {h1}, {h2}, and {h3}.',
];

const INTRO_EXTRAS = [
  "If you're new here, I make practical videos like this every week.",
  "I'll keep it practical and skip the theory you don't need.",
  "There's a lot of noise about this online, so I'll stick to what actually worked for me.",
];

const LET_US_START = ["Let's get started.", "Let's jump in.", 'Okay, let me show you.', "Alright, let's go."];

const SECTION_OPENERS = [
  "Okay, let's move on to {heading}.",
  'Next up is {heading}.',
  "So now let's talk about {heading}.",
  'Alright, the next part is {heading}.',
  "Let's get into {heading}.",
  'The next thing I want to cover is {heading}.',
];

const FACT_LEADS = ['So ', 'And ', 'Now, ', 'Basically, ', 'Honestly, ', "Here's the thing: ", 'In my experience, ', 'Remember that '];

const REMARKS = [
  'A lot of people ask me about {term}, and the honest answer is that it depends on your situation.',
  "I got this wrong for years, so don't feel bad if it takes a few tries.",
  'Let me give you a quick example of what I mean.',
  'This is where {term} really starts to matter.',
  "You don't need any fancy equipment for this part.",
  'What surprised me most was how much {term} changed the end result.',
  'Think of {term} as the foundation that everything else sits on.',
  'If you only remember one thing from this section, make it this.',
  'It sounds complicated, but after a couple of tries it becomes second nature.',
  "Someone in the comments asked about {term}, so let's talk about that for a second.",
  "The numbers I'm giving are rough, so treat them as a starting point.",
  'Honestly, {term} and {term2} are connected more closely than most people realise.',
  "I'll put a link in the description if you want to go deeper on {term}.",
  "Keep notes as you go, because it's easy to forget what you changed.",
  "There's a lot of conflicting advice out there about {term}.",
  'The short version is to be patient and change one thing at a time.',
  'When I first started, {term} was the part that confused me the most.',
  'Try it for a couple of weeks before deciding whether it works for you.',
  'Small adjustments here add up to a big difference over time.',
  'I want to be clear that this is what worked for me, not the only way to do it.',
  "If you've been struggling with {term}, this is probably why.",
  "Let's pause on that for a second, because it's really important.",
  "You'll see people online doing this very differently, and that's fine.",
  'Most beginners skip this step, and it shows later on.',
  'The good news is that {term} is pretty forgiving once you understand it.',
  "Don't worry about getting {term} perfect on your first attempt.",
  'It helps to write down a simple plan before you start.',
  'I tested this a few different ways over the last year.',
  'And that connects back to what we said about {term} earlier.',
  'Pay attention to how things look and feel, not just the numbers.',
  'I know that sounds obvious, but almost nobody actually does it.',
  'This is also the part where most of the frustration comes from.',
];

const RECAPS = [
  'To recap, {term} and {term2} matter more than anything else here.',
  'If you take one thing away, focus on {term} first and the rest gets easier.',
  'So the big ideas were {h1} and {h2}, and everything else builds on those.',
];

const SIGN_OFFS = [
  "So that's pretty much everything I wanted to cover today.",
  "And that's the overview of {subject}.",
  "That's it for this one.",
];

const CLOSINGS = [
  "If you have questions, leave them in the comments and I'll try to answer them.",
  'Let me know in the comments what you want to see next.',
  "If this helped, you know what to do, and I'll see you in the next one.",
  "Thanks for watching, and I'll see you next time.",
];

export const WORDS_PER_SECOND = 2.5;

const TOPIC_SWITCHES = [
  'Switching gears a little, I also want to talk about {heading}.',
  "Now for something different, because a lot of you asked about {heading}.",
  "This is a bit of a change of subject, but let's talk about {heading}.",
];

/** Remarks plus facts: sections run about this much longer than their facts alone. */
const SECTION_STRETCH = 1.5;

interface PlannedSection {
  topic: Topic;
  section: TopicSection;
}

/**
 * A talk of roughly `targetWords` words. It starts on the first topic and, when that topic's
 * material runs out, moves on to the next, so long talks stay varied instead of padded.
 */
export function composeTalk(random: Random, topics: readonly Topic[], targetWords: number): Talk {
  const main = topics[0];
  if (!main) throw new Error('composeTalk needs at least one topic');

  const pool: PlannedSection[] = topics.flatMap((topic) =>
    random.shuffle(topic.sections).map((section) => ({ topic, section })),
  );
  const intro = composeIntro(random, main, pool.slice(0, 3));
  const outro = composeOutro(random, main, pool.slice(0, 2));
  const bodyBudget = Math.max(0, targetWords - wordCount(intro) - wordCount(outro));

  // Take sections until their natural length covers the budget; cycle the pool for marathons.
  const planned: PlannedSection[] = [];
  let estimate = 0;
  for (let i = 0; estimate < bodyBudget || planned.length < 3; i++) {
    const next = pool[i % pool.length]!;
    planned.push(next);
    estimate += wordCount(next.section.facts) * SECTION_STRETCH;
  }
  const scale = estimate > 0 ? bodyBudget / estimate : 1;

  const sections = planned.map((plan, index) => {
    const switching = index > 0 && plan.topic !== planned[index - 1]!.topic;
    const budget = wordCount(plan.section.facts) * SECTION_STRETCH * scale;
    return composeSection(random, plan, budget, switching);
  });

  return {
    topic: main,
    sections: [{ heading: 'Intro', sentences: intro }, ...sections, { heading: 'Wrap-up', sentences: outro }],
  };
}

function composeIntro(random: Random, topic: Topic, agenda: readonly PlannedSection[]): string[] {
  const fill = (template: string) => fillTemplate(template, random, topic, agenda);
  const intro = [fill(random.pick(GREETINGS)), fill(random.pick(ANNOUNCEMENTS)), fill(random.pick(AGENDAS))];
  if (random.chance(0.6)) intro.push(fill(random.pick(INTRO_EXTRAS)));
  intro.push(random.pick(LET_US_START));
  return intro;
}

function composeOutro(random: Random, topic: Topic, highlights: readonly PlannedSection[]): string[] {
  const fill = (template: string) => fillTemplate(template, random, topic, highlights);
  return [fill(random.pick(SIGN_OFFS)), fill(random.pick(RECAPS)), fill(random.pick(CLOSINGS))];
}

function composeSection(random: Random, plan: PlannedSection, budget: number, switching: boolean): TalkSection {
  const fill = (template: string) => fillTemplate(template, random, plan.topic, [plan], plan.section);
  const sentences = [fill(random.pick(switching ? TOPIC_SWITCHES : SECTION_OPENERS))];
  const facts = random.shuffle(plan.section.facts);
  let words = wordCount(sentences);
  let lastRemark = '';

  // Every fact once, a remark now and then between them; more remarks only if the budget asks.
  while (facts.length > 0 || words < budget) {
    let sentence: string;
    if (facts.length > 0 && !random.chance(0.3)) {
      sentence = leadInto(random, facts.shift()!);
    } else {
      let template = random.pick(REMARKS);
      if (template === lastRemark) template = random.pick(REMARKS);
      lastRemark = template;
      sentence = fill(template);
    }
    sentences.push(sentence);
    words += wordCount([sentence]);
  }
  return { heading: plan.section.heading, sentences };
}

/** Sometimes starts a statement the way speech does ("So ...", "Honestly, ..."). */
function leadInto(random: Random, fact: string): string {
  if (!random.chance(0.3)) return fact;
  const lead = random.pick(FACT_LEADS);
  const startsWithI = /^I\b/.test(fact);
  return lead + (startsWithI ? fact : fact.charAt(0).toLowerCase() + fact.slice(1));
}

function fillTemplate(
  template: string,
  random: Random,
  topic: Topic,
  sections: readonly PlannedSection[],
  current?: TopicSection,
): string {
  const term = random.pick(topic.terms);
  let term2 = random.pick(topic.terms);
  if (term2 === term) term2 = topic.terms[(topic.terms.indexOf(term) + 1) % topic.terms.length]!;
  const heading = (i: number) => (sections[i] ?? sections[0])?.section.heading.toLowerCase() ?? topic.subject;
  return template
    .replaceAll('{subject}', topic.subject)
    .replaceAll('{term}', term)
    .replaceAll('{term2}', term2)
    .replaceAll('{heading}', (current?.heading ?? heading(0)).toLowerCase())
    .replaceAll('{h1}', heading(0))
    .replaceAll('{h2}', heading(1))
    .replaceAll('{h3}', heading(2));
}

export function wordCount(sentences: readonly string[]): number {
  return sentences.reduce((n, s) => n + s.split(/\s+/).filter(Boolean).length, 0);
}
