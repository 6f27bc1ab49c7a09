/**
 * Subject matter for synthesised talks. Each topic has sections of concrete statements, so a
 * summary built from a generated transcript has real content to find, plus terms that the
 * connective sentences weave in.
 */

export interface TopicSection {
  heading: string;
  facts: readonly string[];
}

export interface Topic {
  key: string;
  /** Noun phrase for "today we're talking about ..." */
  subject: string;
  titles: readonly string[];
  channels: readonly string[];
  category: string;
  terms: readonly string[];
  sections: readonly TopicSection[];
}

export const TOPICS: readonly Topic[] = [
  {
    key: 'sourdough',
    subject: 'sourdough bread at home',
    titles: ['Sourdough for Beginners: The Whole Process', 'Why Your Sourdough Is Flat (and How to Fix It)', 'My Weekly Sourdough Routine'],
    channels: ['Crumb & Crust', 'The Weekend Baker', 'Hearth Kitchen'],
    category: 'Howto & Style',
    terms: ['the starter', 'hydration', 'bulk fermentation', 'the autolyse', 'shaping', 'the cold proof', 'scoring', 'oven spring'],
    sections: [
      {
        heading: 'Keeping a starter alive',
        facts: [
          'A starter is just flour and water that wild yeast and lactic acid bacteria have colonised.',
          "I feed mine once a day at a one to one to one ratio of starter, flour and water by weight.",
          "When it doubles within four to six hours of a feeding, it's strong enough to bake with.",
          'If you see grey liquid on top, that is hooch, and it only means the starter is hungry.',
          'Keeping it in the fridge between bakes means you only have to feed it once a week.',
          'Rye flour gives a sluggish starter a real boost because it carries more nutrients.',
        ],
      },
      {
        heading: 'Mixing and hydration',
        facts: [
          'Hydration is the weight of the water divided by the weight of the flour.',
          'Seventy percent hydration is a forgiving place to start, and you can go wetter later.',
          'Letting flour and water rest for thirty minutes before adding salt makes the dough noticeably smoother.',
          'Whole wheat flour drinks more water, so bump the hydration up when you use it.',
          'I add the salt with a splash of reserved water so it dissolves evenly.',
        ],
      },
      {
        heading: 'Bulk fermentation',
        facts: [
          'Bulk fermentation is where most of the flavour develops, and it is mostly about temperature.',
          'At around twenty four degrees Celsius, bulk usually takes four to five hours.',
          'Instead of kneading, I do four sets of stretch and folds, thirty minutes apart.',
          'The dough is ready when it has grown by about half, feels airy, and has bubbles along the sides.',
          'Under-fermented dough bakes up dense with a few big tunnels under the crust.',
          'Over-fermented dough turns slack and sticky and will not hold its shape.',
        ],
      },
      {
        heading: 'Shaping, proofing and baking',
        facts: [
          'A tight outer skin during shaping is what lets the loaf rise up instead of spreading out.',
          'An overnight proof in the fridge makes the loaf easier to score and deepens the sour flavour.',
          'I bake in a preheated Dutch oven at two hundred and fifty degrees for twenty minutes with the lid on.',
          'The trapped steam keeps the crust soft long enough for the loaf to expand fully.',
          'Then the lid comes off and it bakes another twenty to twenty five minutes until deeply browned.',
          'Wait at least an hour before cutting, because the crumb is still setting as it cools.',
        ],
      },
    ],
  },
  {
    key: 'solar',
    subject: 'putting solar panels on your house',
    titles: ['Are Home Solar Panels Worth It? One Year of Data', 'Solar Panels Explained Without the Sales Pitch', 'What I Wish I Knew Before Going Solar'],
    channels: ['Practical Energy', 'Off the Grid Notes', 'Kilowatt Kitchen Table'],
    category: 'Science & Technology',
    terms: ['the inverter', 'net metering', 'the battery', 'peak sun hours', 'the payback period', 'panel orientation', 'the roof', 'kilowatt hours'],
    sections: [
      {
        heading: 'How much power you actually use',
        facts: [
          'Before talking to any installer, pull twelve months of electricity bills and add up the kilowatt hours.',
          'Our house averages about nine hundred kilowatt hours a month, with big spikes in summer from air conditioning.',
          'Cutting consumption first is almost always cheaper than buying more panels.',
          'Swapping to LED lighting and a heat pump water heater dropped our usage by about fifteen percent.',
          "Your usage pattern matters as much as the total, because you're mostly generating power in the middle of the day.",
        ],
      },
      {
        heading: 'Sizing the system',
        facts: [
          'A rough rule is to divide your daily usage by the peak sun hours where you live.',
          'With thirty kilowatt hours a day and five sun hours, you land around a six kilowatt system.',
          'South facing roofs produce the most in the northern hemisphere, but east and west lose less than people expect.',
          'Shade from a single tree can drag down a whole string of panels unless you use microinverters or optimisers.',
          'Panels lose roughly half a percent of output per year, so size with a little headroom.',
        ],
      },
      {
        heading: 'Batteries and net metering',
        facts: [
          'Net metering means the utility credits you for power you send back to the grid.',
          'Where net metering is generous, a battery rarely pays for itself on savings alone.',
          'Where export rates are low, a battery lets you use your own solar power in the evening instead.',
          'We added a thirteen kilowatt hour battery mostly for backup during outages.',
          'A battery bank needs its own permit and a proper fire rated location.',
        ],
      },
      {
        heading: 'The real payback',
        facts: [
          'Our system cost about eighteen thousand dollars before incentives and about twelve thousand after.',
          'In the first year it produced just over eight thousand kilowatt hours.',
          'At our electricity rates, that works out to a payback period of roughly nine years.',
          'Panels usually carry a twenty five year warranty, but inverters often need replacing after twelve to fifteen years.',
          'Get at least three quotes, and be wary of anyone who pushes a long loan before showing you the numbers.',
        ],
      },
    ],
  },
  {
    key: 'marathon',
    subject: 'training for your first marathon',
    titles: ['First Marathon Training Plan: What Actually Matters', 'Sixteen Weeks to Your First Marathon', 'Marathon Training Mistakes I Made'],
    channels: ['Long Run Club', 'Miles With Maya', 'The Easy Pace'],
    category: 'Sports',
    terms: ['the long run', 'easy pace', 'the taper', 'fuelling', 'weekly mileage', 'recovery', 'cadence', 'race day'],
    sections: [
      {
        heading: 'Building the base',
        facts: [
          'Before starting a marathon plan, you should be able to run thirty to forty kilometres a week comfortably.',
          'Most plans run about sixteen weeks, and the first month is just about consistency.',
          'Raise weekly mileage by no more than about ten percent, and take a lighter week every fourth week.',
          'Roughly eighty percent of your running should feel easy enough to hold a conversation.',
          'Strength work twice a week, especially for hips and calves, prevents a lot of common injuries.',
        ],
      },
      {
        heading: 'The long run',
        facts: [
          'The long run is the backbone of marathon training, and it should be slow.',
          'Build it gradually from about fifteen kilometres up to a peak of thirty or thirty two.',
          'There is very little benefit to running the full distance before race day.',
          'Use long runs to rehearse everything: shoes, socks, breakfast, and the gels you plan to use.',
          'If your legs feel wrecked for days after, the long run was probably too fast.',
        ],
      },
      {
        heading: 'Fuelling and hydration',
        facts: [
          'Your body stores enough carbohydrate for roughly ninety minutes of hard running.',
          'Aim for thirty to sixty grams of carbohydrate per hour during the race.',
          'Train your gut by taking gels on long runs, otherwise race day is a gamble.',
          'Drink to thirst, and add electrolytes if it is hot or you are a salty sweater.',
          'Carb loading just means eating more carbohydrate in the last two or three days, not one giant pasta dinner.',
        ],
      },
      {
        heading: 'Taper and race day',
        facts: [
          'The taper cuts your mileage over the final two to three weeks so you arrive fresh.',
          'Feeling sluggish and restless during the taper is completely normal.',
          'Start the race slower than goal pace, because the first ten kilometres always feel deceptively easy.',
          'Most people who hit the wall went out too fast or did not fuel early enough.',
          'Nothing new on race day: no new shoes, no new breakfast, no new gels.',
        ],
      },
    ],
  },
  {
    key: 'houseplants',
    subject: 'keeping houseplants alive',
    titles: ['Stop Killing Your Houseplants', 'Houseplant Care Basics Nobody Told Me', 'Light, Water, Soil: Houseplants Made Simple'],
    channels: ['Leaf & Loam', 'The Windowsill Jungle', 'Green Corner'],
    category: 'Howto & Style',
    terms: ['bright indirect light', 'the potting mix', 'drainage', 'root rot', 'humidity', 'repotting', 'fertiliser', 'the watering schedule'],
    sections: [
      {
        heading: 'Light comes first',
        facts: [
          'Light is the food of a plant, and most indoor spaces are much darker than they look to us.',
          'A spot a metre from a bright window gets a fraction of the light right next to the glass.',
          'Bright indirect light means the plant sees a lot of sky but the sun is not hitting its leaves for hours.',
          'Leggy stems stretching towards the window are a plant asking for more light.',
          'Snake plants and pothos tolerate low light, but tolerate is not the same as thrive.',
        ],
      },
      {
        heading: 'Watering without drowning',
        facts: [
          'More houseplants die from overwatering than from anything else.',
          'Water when the top few centimetres of soil are dry, not on a fixed day of the week.',
          'Water thoroughly until it runs out of the drainage hole, then empty the saucer.',
          'A pot without a drainage hole traps water at the bottom and invites root rot.',
          'Plants use much less water in winter, so the same schedule can suddenly become too much.',
        ],
      },
      {
        heading: 'Soil and repotting',
        facts: [
          'Most bagged potting soil is too dense on its own for tropical plants.',
          'I mix in about a third perlite or orchid bark so the roots get air.',
          'Only repot when roots circle the pot or poke out of the bottom.',
          'Go up just one pot size, because a huge pot holds water the roots cannot reach.',
          'Spring is the best time to repot, when the plant is starting to grow again.',
        ],
      },
      {
        heading: 'Feeding, humidity and pests',
        facts: [
          'A balanced liquid fertiliser at half strength once a month in the growing season is plenty.',
          'Brown crispy leaf edges usually point to low humidity or inconsistent watering.',
          'Grouping plants together raises the humidity around them a little.',
          'Check the undersides of leaves regularly, because spider mites and thrips hide there.',
          'A wipe with diluted soapy water handles most small infestations before they spread.',
        ],
      },
    ],
  },
  {
    key: 'budgeting',
    subject: 'building a personal budget that sticks',
    titles: ['The Only Budgeting Method That Worked for Me', 'Budgeting for People Who Hate Budgets', 'How I Paid Off Debt With a Simple Budget'],
    channels: ['Plain Money', 'The Frugal Desk', 'Pocket Ledger'],
    category: 'Education',
    terms: ['the emergency fund', 'fixed costs', 'sinking funds', 'the debt snowball', 'automatic transfers', 'discretionary spending', 'the spreadsheet', 'interest rates'],
    sections: [
      {
        heading: 'Tracking where the money goes',
        facts: [
          'You cannot plan spending you have never looked at, so start with three months of bank statements.',
          'Sort every transaction into fixed costs, variable essentials, and everything else.',
          'Most people underestimate small recurring charges like subscriptions by a wide margin.',
          'When I did this, I found almost ninety dollars a month in services I had forgotten about.',
          'The point of tracking is awareness, not guilt.',
        ],
      },
      {
        heading: 'Giving every dollar a job',
        facts: [
          'A zero based budget assigns every dollar of income to a category before the month starts.',
          'Irregular expenses like car repairs and gifts get their own sinking funds.',
          'Putting a little aside each month for known annual costs stops them from becoming emergencies.',
          'Leave a realistic amount for fun, because a budget with no slack gets abandoned.',
          'Review the budget weekly for ten minutes instead of once a month for an hour.',
        ],
      },
      {
        heading: 'The emergency fund',
        facts: [
          'Before attacking debt aggressively, build a starter emergency fund of about one month of expenses.',
          'Keep it in a separate high yield savings account so it is not mixed with spending money.',
          'Over time, grow it to three to six months of essential expenses.',
          'An emergency fund is what keeps a surprise bill from going straight onto a credit card.',
          'Automatic transfers on payday make saving the default rather than a decision.',
        ],
      },
      {
        heading: 'Paying down debt',
        facts: [
          'The debt avalanche pays the highest interest rate first and saves the most money.',
          'The debt snowball pays the smallest balance first and builds momentum with quick wins.',
          'Either works far better than spreading extra payments thinly across every account.',
          'Call your card issuer and ask for a lower rate, because it works more often than you would think.',
          'Once a debt is gone, roll its payment into the next one instead of absorbing it into spending.',
        ],
      },
    ],
  },
  {
    key: 'language',
    subject: 'learning a new language as an adult',
    titles: ['How I Learned Spanish in a Year as an Adult', 'Language Learning Methods Ranked', 'Stop Studying, Start Acquiring: Learning Languages'],
    channels: ['Polyglot Practice', 'Words in Motion', 'Daily Phrase Lab'],
    category: 'Education',
    terms: ['comprehensible input', 'spaced repetition', 'the flashcards', 'speaking practice', 'grammar drills', 'a language partner', 'listening time', 'vocabulary'],
    sections: [
      {
        heading: 'Input before output',
        facts: [
          'Adults learn languages best from huge amounts of input they can mostly understand.',
          'Graded readers and podcasts for learners are ideal because they sit just above your level.',
          'I listened to about an hour a day, mostly while walking or doing chores.',
          'Subtitles in the target language help more than subtitles in your own language.',
          'Understanding comes before speaking, and that is not a sign you are doing it wrong.',
        ],
      },
      {
        heading: 'Vocabulary that sticks',
        facts: [
          'The thousand most common words cover a surprisingly large share of everyday conversation.',
          'Spaced repetition apps show each card just before you are about to forget it.',
          'Cards with a full example sentence work better than single words with a translation.',
          'Fifteen minutes of reviews every day beats two hours on a Sunday.',
          'Delete cards you keep failing and meet those words again in context instead.',
        ],
      },
      {
        heading: 'Grammar in its place',
        facts: [
          'Grammar study helps you notice patterns, but it does not make you fluent by itself.',
          'Learn a rule, then go find it in things you read and hear.',
          'Conjugation tables are useful for reference, not for memorising in one sitting.',
          'Mistakes in speech are normal long after you know the rule on paper.',
          'Most learners improve faster by reading more than by doing more exercises.',
        ],
      },
      {
        heading: 'Speaking and staying motivated',
        facts: [
          'Start speaking with a tutor or language partner after a few months of input.',
          'Thirty minute conversations twice a week were the turning point for me.',
          'Write down phrases you wanted to say but could not, and learn those next.',
          'Tie the language to something you already enjoy, like cooking shows or football commentary.',
          'Track hours rather than streaks, because a missed day should not feel like failure.',
        ],
      },
    ],
  },
];
