/**
 * The most common passwords, lower-case: every one of 12 characters or more among the 49,000 that
 * zxcvbn-ts (@zxcvbn-ts/language-common 4.1.3, MIT, after Dropbox's zxcvbn) ranks by frequency in leaked
 * password lists, then the 3,500 most frequent made of letters only (dragon, monkey, sunshine), since a
 * common word with digits or symbols around it ("Sunshine2024!") is as easy to guess. Separated by white space.
 */
export const COMMON_PASSWORDS_TEXT = `
123qweasdzxc 1qaz2wsx3edc q1w2e3r4t5y6 1q2w3e4r5t6y mailcreated5240 qazwsxedcrfv 123456qwerty qwerty123456
polniypizdec0211 sojdlg123aljg leavemealone motherfucker 123456654321 gfhjkmgfhjkm qazwsxedc123 ghjcnjgfhjkm
zxcasdqwe123 sonyericsson ghhh47hj7649 123456789qwe 1qazxsw23edc masterbating qwerasdfzxcv qweasdzxc123
flvbybcnhfnjh 123456789987654321 112233445566 ghbdtnrfrltkf websolutions finalfantasy 1qaz2wsx3edc4rfv
chickenwing101 unbelievable administrator 123321123321 justinbieber contortionist 123qwe123qwe newproject2004
pornographic masturbation needforspeed businessbabe 123456789123 masterbaiting maurolarastefy supernatural
professional domainlock2005 scandinavian dkflbvbhjdbx momsanaladventure hd764nw5d7e1vb1 qazwsxedcrfvtgb
123456789012 dkflbvbhjdyf counterstrike zaq1xsw2cde3 vfvfvskfhfve 123456789abc fkmnthyfnbdf intelligence
ghjcnjghjcnj admin18533362 23176djivanfros 123456789qwerty qazxswedcvfr qwertyasdfgh whosyourdaddy
1111111111zz fktrcfylhjdbx fktrcfylhjdyf 541233432442 123456789qaz ghbdtnghbdtn password1234
12345678900987654321 chesterfield 010203040506 lost4815162342 102030405060 vanyarespekt qwerty123456789
89231243658s iseedeadpeople transformers devilmaycry4 combat123654 qwertyytrewq jamesbond007 123123qweqwe
4815162342lost 123456789qqq asdfghjkl123 1234qwerasdf 123qwe456rty 1234567890qw ghjcnjrdfibyj qwertyuiop123
international saun24865709 q1w2e3r4t5y6u7 ptybnxtvgbjy polniypizdec110211 1qa2ws3ed4rf 123456789zxc
12345678987654321 playstation3 31217221027711 fucktheworld 159753159753 mevefalkcakk 1234567890qwe
hedimaptfcor cosmopolitan q1w2e3r4t5y6u7i8 zqjphsyf6ctifgu lhbjkjubz2957704 123456782000 andrewjackie
1qazxsw23edcvfr4 12qw34er56ty christopher1 159753456852 networkingpe philadelphia peanutbutter boy4u2ownnyc
ingodwetrust minecraft123 digitalprodu installdevic an83546921an13 qawsedrftgyh abc123456789 123321qweewq
auckland2010 residentevil olcrackmaster 1234567890zzz 32615948worms 012345678910 fuckyoubitch avrillavigne
massimiliano nhfdvfnjkju123 742617000027 41d8cd98f00b nemvxyheqdd5oqxyxyzi temppassword p030710p$e4o
punksnotdead fynfyfyfhbde nightcrawler playstation2 gjkysqgbpltw ticketmaster 01telemike01 stratocaster
ghjcnjqgfhjkm installsqlst 123456789101 1234567890qaz frederiksberg 1a2s3d4f5g6h passwordpassword
schoolgirlie sanfrancisco 89876065093rax 1234567qwertyu lytghjgtnhjdcr 111222333000 nhecsyfujkjdt
zaqwsxcderfv seemnemaailm qwaszxerdfcv antananarivu greenlantern qazwsxqazwsx vfrcbvvfrcbv 1234qwerasdfzxcv
iloveboobies ghjcnjgbpltw 123321456654 1234567890987654321 1234567890qwerty q1w2e3r4t5y6u7i8o9p0
morganstanley 59382113kevinp qwe123qwe123 gtnhjpfdjlcr zxcvbn123456 bltynbabrfwbz warhammer40k
passwordstandard maprchem56458 construction bpgjldsgjldthnf iampurehaha2 qazxswedc123 qwertyuiop10
stinkyfinger cjdthitycndj corperfmonsy weihnachtsbau 1234567892000 1234567887654321 stickdaddy77 123456789000
014702580369 asdfgh123456 necronomicon mortalkombat 123qwerty123 systemofadown qaz123wsx456 nastyanastya
zxcvbnm123456789 satisfaction cheeseburger a1s2d3f4g5h6 minnesota_hp 122333444455555 vladimirovna
111222333444555 ilovemyfamily michaeljackson vfhbyfvfhbyf qwertyuiop12345 1qa2ws3ed4rf5tg websolutionssu
amadeusptfcor specialinsta 123456789asd nhfycajhvths rfnthbyf1988 paraklast1974 webuivalidat msorcloledbr
nondriversig 123456789qwer wazzkaprivet weihnachtsbaum fktrcfylhjdf z1x2c3v4b5n6m7 ghjnbdjcnjzybt
qwertyuiop12 sonnenschein anytimetoday ntktdbpjh1994 nick1234-rem936 thecakeisalie ontheoutside zcfvfzkexifz
xxxp455w0rd5 qwertasdfgzxcvb ghjatccbjyfk aksjdlasdakj89879 23wkoa0fp78dk marinamarina fatima753357
6215mila6215 zaq12wsxcde3 love777321777 123456789aaa 4815162342lf pfqwtd27121988 cnfc35762209 12345677654321
zxcvbnmmnbvcxz civilization findaupair007 alpha135792468 ghtdtlvtldtl edwardcullen gfhfktkjuhfv qazwsx123456
lytdybrbdfvgbhf asd123asd123 passwordassword ronaldinho10 ipo54tj45uy856 89semtsriuty foreveryoung
sdicmt7seytn blacksonblon 420842084208555 ktjynsq40147 1a2a3a4a5a6a bullnuts2003 050605rostik 19960610ilja
123456zxcvbn z1x2c3v4b5n6 entertainment 89063032220m badiman28200 123ewqasdcxz nhbujyjvtnhbz polniypizdec1102
ne_e_pod_chehyl hd764nw5d7e1vbv josephphone7 gthtrfnbgjkt configuratio msoracle32re bhrh0h2oof6xbqjeh
193570356033 password qwerty dragon baseball football monkey letmein shadow master michael mustang qwertyuiop
pussy superman fuckyou jordan qazwsx jennifer killer hunter harley zxcvbnm asdfgh buster andrew batman soccer
tigger charlie robert sunshine thomas iloveyou fuckme ranger daniel hockey george computer michelle jessica
starwars asshole pepper klaster zxcvbn freedom princess joshua maggie pass ginger fuck amanda ashley love
cheese nicole summer matthew chelsea dallas biteme matrix william yankees taylor corvette austin access
martin heather thunder merlin secret diamond hello anthony hammer fucker silver gfhjkm justin patrick richard
bailey internet samantha golfer scooter test orange cookie maverick jackson sparky mickey phoenix bigdog
snoopy guitar whatever chicken morgan andrea camaro mercedes peanut ferrari cowboy falcon welcome samsung
sexy steelers joseph smokey dakota melissa arsenal boomer eagles tigers marina nascar booboo gateway porsche
yellow monster spider diablo hannah bulldog junior london purple compaq lakers iceman hardcore cowboys money
banana boston brandon tennis johnny miller coffee scooby edward nikita mother yamaha brandy barney chester
fuckoff oliver charles player knight forever steven rangers midnight chicago bigdaddy redsox victoria badboy
angel please fender chris jasper james slayer rabbit natasha rachel bigdick marine wizard marlboro raiders
prince casper fishing flower crystal jasmine panties iwantu adidas winner winter gandalf enter ghbdtn angela
mike golden lauren cocacola winston madison angels blowme panther sexsex bigtits spanky bitch shannon sophie
johnson asdfasdf david horny toyota tiger murphy dick canada danielle blowjob jonathan liverpoo muffin cooper
apples jackie dennis black john sandra pokemon slipknot carlos qazxsw scorpion qwaszx nathan butter startrek
rainbow asdfghjkl razz redskins newyork gemini cameron qazwsxedc florida liverpool turtle nicholas viking
booger wilson sierra butthead doctor rocket victor dolphins captain bandit jaguar packers pookie peaches asdf
blue dolphin helpme tucker theman tiffany maxwell jeremy qwertyui shithead debbie albert maddog lovers monica
alex united giants nirvana metallic hotdog rosebud mountain benjamin warrior stupid elephant suckit success
jackass bonnie alexis porn lucky jason scorpio samson azerty freddy driver willie calvin sydney gators dexter
bubba creative golf voodoo happy arthur trouble america nissan gunner rebecca stella garfield gordon jessie
bullshit parker asdfghjk fucking apollo jack eminem december legend airborne beavis august bear apple
brooklyn godzilla skippy buddy qwert kitten magic shelby beaver phantom fred nothing asdasd williams xavier
braves darkness travis copper tomcat platinum qweqwe girls bigboy green power animal police online voyager
lifehack fish sniper trinity walter blazer heaven lover snowball playboy bubbles loveme hooters cricket
marvin willow donkey topgun nintendo saturn family november gabriel destiny pakistan pumpkin digital sergey
chance explorer redwings private therock runner tits lasvegas guinness beatles fire cassie christin celtic
broncos andrey babygirl nelson donald scott eclipse cartman fluffy louise michigan testing carolina little
samuel alexande birdie steve cherry pantera sharon gibson vampire mexico dickhead peter buffalo montana
genius beer flyers maximus school minecraft lovely stalker metallica doggie carter kristina kimberly spencer
speedy barbara snickers sabrina carmen marcus bronco yankee friends paradise dreams magnum horses cool
caroline lacrosse goober member qwertyu enigma scotty pimpin bollocks brian cock surfer sammy genesis
poohbear dave star qweasdzxc baby racing friend hawaii billy viper october vanessa poopoo einstein boobies
stanley walker bitches paul drowssap stephen courtney simple alaska badger action jake bill denise jester
spitfire drummer forest patricia maryjane champion diesel svetlana rock friday kevin mark gregory pamela
frank hotrod chevy anderson douglas westside security google badass shorty tester thumper hitman mozart
general reddog boobs music lizard alexander melanie ruslan vincent eagle sweet teresa scarface marshall
olivia veronica porno buddha spirit frankie stargate antonio liberty natalie mercury naruto suzuki semperfi
king popcorn spooky marley system brittany claudia kelly scotland free kitty cherokee vikings simpsons death
leslie rascal qweasd jimmy loveyou hummer allison rocky patches russia adrian jupiter penguin cumshot howard
passion honda vfhbyf andre vladimir franklin sandman infinity homer bastard raider passport assman sucker
fantasy bulldogs horney domino budlight ironman disney norman softball bishop francis brutus ford redrum
brooke bigred jeffrey jesus fktrcfylh karina marines kawasaki digger ireland oksana fireman cougar college
shit alicia russell houston monday bradley cunt sarah nigger justice super wildcats tinker duncan dancer
logitech avalon swordfis everton reggie motorola alexandr molly timothy hentai claire patriots madonna
colorado eugene ducati kermit juventus indian connor galore freeuser smooth house titanic boogie simpson
warcraft wolverin elizabet arizona saints valentin georgia asdfg accord matt baxter denver mitchell christ
yfnfif slut smith stinky zachary roland naughty spiderma chopper brenda extreme virginia water skyline poop
zombie pearljam froggy pirate fylhtq vision awesome alyssa dreamer predator bullet empire wolf kirill people
penis elvis panthers skipper nemesis peekaboo simon alison rolltide american cardinal arnold chevelle daddy
psycho danger mookie wanker manutd tommy hobbes vegeta goblue burton fyfcnfcbz picard bobby windows loverboy
lovelove vfrcbv victory bambam turkey serega tweety hiphop galina changeme rooster polina berlin suckme
taurus electric ronald avatar mine raptor maksim spring brazil eric bigcock newport hard kenneth hendrix
madmax england alpha sublime britney france darkside bigman hercules lawrence wolfpack classic lincoln
ronaldo spiderman blizzard cheyenne wombat cjkysirj raymond brother kristen pandora devils simone holiday
wildcat horse kramer sterling caesar alabama carrie bondage basketball sports pussycat pickle leather shaggy
chronic flowers robbie admin gracie amber freepass airplane perfect kodiak billybob katana sunset crazy good
stingray maria anna snowman phpbb chocolat zeppelin garcia detroit wolves pontiac candy firebird vagina
gundam panzer outlaw time pretty fisher connie honey business trevor redhead hardon greenday tarheels nastya
hellfire cobra engineer savage service serenity sasha michele dude lickme fireball white remember darkstar
miranda flash harvey oscar strike freddie pavilion beauty bobafett adam dbrnjhbz jeff bigmac duke clinton
bowling jenny natali future harrison jones wallace swimming apache rulez pyramid dodgers girl whynot fuckit
defender teens morris trooper cancer precious packard lucifer popeye weasel raven icecream stewart tanner
swordfish blonde sandy presario rockstar viktor manager cheryl norton control wutang airforce julian atlanta
pimp spike thailand looking casino paris mouse lennon bluebird theone hawkeye hacker lisa dustin elaine
nfnmzyf sailor catfish goldfish maxima tattoo barbie light design pervert machine herman wrangler rocks
trucks nipples roscoe tornado jerry lights bubble cadillac madman orlando pegasus target longhorn laura
philip browns eatme stefan cannon dilbert baller microsoft winnie christia katie shooter xfiles qazqaz
lesbian street seattle corona amateur cthutq prelude beach malibu freaky assassin integra atlantis pussies
dragons iloveu unicorn lonewolf regina stealth kristin tony peewee openup bobcat stacey software newton
leonardo student srinivas angelina young enjoy valentina trigger zaqwsx lolita athena shotgun coyote bruins
veronika dollar country joker babydoll lestat wordpass hottie smiley potter random sweety butterfly woody
chipper snake samurai video gizmo maddie devildog valerie mistress flipper express powers cessna teacher
goldie moose polaris piglet cookies elena montreal hjvfirf ladies wolfgang fatboy scully father single wicked
daisy fetish foobar castle tickle bunny pepsi balls transam dfvgbh impala sunday booty hotstuff ronnie jasmin
ryan gambit toshiba basketba lancer birthday texas stephani hooker knicks roberto stinger testtest kathleen
savannah shamrock benson squirt deftones trucker nick redneck goldberg alfred blaster siemens shelly renegade
manson subaru ibanez blondie hamilton casey swinger reaper cristina minnie mylove harry galaxy lindsay dudley
farmer gloria special blahblah enterpri travel bigone sweetpea sugar smoke skeeter fucked indiana great
ficken trfnthbyf freeman curtis smitty marino joanne bigfoot escort babes check larisa trumpet tristan
spartan babylon asdfghj sister valera stormy paladin andreas cavalier marathon hamlet aardvark butterfl
bigboobs mister manchester rusty napoleon seven indigo hornet skater jerome pierre wonder toronto rose
indians karate buckeyes julie hesoyam fredfred charger highland sweetie holland chiefs diamonds buckeye
aurora hotsex campbell griffin brandi redman passwor chandler drpepper monika maiden elizabeth leonard bernie
brown pornstar garden storm autumn linda thuglife millie jungle pencil tomtom insane pizza timber sherlock
mariah audrey hamster aragorn pioneer techno catdog lollol triumph sidney fktrctq none sophia morpheus island
wetpussy hobbit blabla erotic aaron pascal sampson consumer justme marion stones chrissy tyler nadine marie
goforit burger pitbull kelsey adgjmptw spartak german karen kissme hunting kaiser martha colors artist harold
bass italia sammie barcelona mario nicolas virgin pebbles sundance isabella overlord emerald callie doggy
irina racecar isabelle germany goddess change wesley nipple basket joejoe holly poison zipper alpine shirley
element huskers marcel eddie danny christy pussys sakura chichi inside ultimate dirty nicola blackie omega
watson rommel geronimo nikki caserta trojan philips sergio nugget tarzan bassman warren trixie chicks
aleksandr cream webster help sherry manuel portugal dodger anakin bobbob bomber michel madness superfly loser
florence yvonne fatcat global ybrbnf energy desire soldier bianca sexual warlock martina babe andrei larry
seminole peace alejandr westham concrete harris margaret hector christop naked ladybug network bernard weed
tintin qazxswedc trombone chuck pleasure rhbcnbyf home history bluesky sherman logan january onelove cotton
christian cdtnkfyf sunny archie holden whore brianna vfvjxrf titans stallion lindsey singer truck smile party
missy hansolo angelo joanna natalia beagle phillip panama smiles juice qawsed inferno moon mongoose connect
kingkong snatch flatron bluemoon turbo rocker personal emily blessed snakes dominic joey forget finger beetle
jamaica alberto mulder jamie susan immortal head passat plastic dietcoke spunky suck long whiskey monitor
giovanni cactus ripper spyder markus planet teen patton exigen sticky waters sluts nolimit daniela hollywoo
abigail morrison katrina trunks andy assass always diana deedee clifford april speed japan mission pickles
million sailing freak holmes bonehead fernando ghbdtnbr charlott delta yomama darren rubber newman faster
cumming bertha memphis sylvia open ilovesex maurice hongkong olga jumper unreal geheim rodney nylons sebastia
pentium legion shalom kennedy brooks movie dodge dream graham sprite curious pacific loulou funtime philly
ferret niners orion werewolf milton cantona kingdom stars africa office boeing gilbert abgrtyu pirates sheila
french sweets cooldude palmer eternity lollipop tottenha stocking monique anything foster irish jackoff
biscuit drizzt camera columbia fossil moomoo makaveli tracey robinson isabel martini salmon shasta jersey
verbatim maniac snapper nasty solomon patriot jacob standard shaved blackcat asdzxc punkrock raistlin
infantry dillon gerald twister ricardo waterloo cjkywt clayton crimson serena oxford maxmax denis flight
condor seinfeld silvia biggie maxine musicman ravens teddy colleen bruce wolfman sharks megadeth cosmos
velvet butt keeper foxtrot garrett damien anton sesame skywalke banshee cats squirrel wolverine dogs sunrise
rick ghost western grendel sucks roxanne privet legolas frog felix marlin stone herbert lvbnhbq qazwsxed
carrot blades frosty stardust helena brownie groovy penny butler coolio twilight daytona licker peanuts
intrepid pikachu trains mollie vanhalen jericho hershey strider lobster punisher grace bird bottom ninja
murray kansas shogun goblin search neptune ball showtime darwin amadeus suzanne fuckfuck oldman bruno showme
henry getsome muscle obiwan support rfrfirf skittles ekaterina gold whitney shark maestro anal danni tanker
english tarheel fighter thanks hannibal capital newlife anubis gothic chaos blues cindy sabine roman preston
princes brendan slick evelyn python richie tequila boss cody devil clover delete mirage blood surfing bentley
portland potato baggins review porter chubby panasonic sandiego sooners buffy buck tina derrick penelope
blackdog harmony fusion dima mature malcolm allen mary buttons californ safety playtime dagger moscow swallow
warriors byteme stimpy gangster lucas christine turner iverson lester chargers liquid mushroom cracker
dingdong misty nymets robin bigguy mobile tazman greg nimrod newpass miami crusader bugger stranger dkflbvbh
anastasia marco volume masters monroe miguel doodle collins powder archer gotcha battle dublin slapshot
guardian janice charly septembe photos knights short angelica nookie milano scarlett stuart damian grizzly
camille scruffy brasil latino kittycat poopie munchkin lorenzo rammstein bananas barcelon santiago thegame
hell world gerard picasso walnut kolobok blackman wisdom trance starcraft parrot quality blade pink auburn
goodluck eatshit dorothy dusty engine coltrane gorilla wheels katerina tamara postal luther carlo cassidy
discover oakland spanking osiris dumbass lonestar ping bridge bingo bender annie stonecol dookie meridian
sally megaman racerx rjntyjr sirius firefly julia alexandra madrid terry griffey women phoebe weezer
beautiful violet ledzep lowrider randy gangsta ghjcnj paradox tacobell loving catalina vertigo halflife
carson sergei shiloh johnjohn sobaka buffett aliens sadie chucky bonjour kangaroo jazz josh thompson sinner
socrates keyboard stevie jeep trebor finish dark luke sprint shazam lady national celica scarlet hoover
sommer frances hotboy cynthia qwerasdf penguins bond formula rebels fuckface elwood melvin vacation kiss
ragnarok bollox lexmark lorraine claude rockon duck dodgeram tacoma romeo wookie prodigy tempest vfhecz
flames sebastian colombia bang kitkat oblivion mystery sithlord server molson mustangs incubus smoker window
scoobydo rescue bigballs carpet titleist richmond director lawyer megan juan magnolia celeste melinda lucy
wright jimbob golfing kenny roger bobbie xanadu tardis blueeyes hearts dixie pooper shaman mersedes springer
imagine janine kenwood dogg garbage martinez topper roberts lizzie ashton elliott oracle sheena chloe
nuttertools mallard analsex shemale mikey asterix faith monkeys imperial jimbo cooler grateful gillian
peterpan kingston yourmom sleepy gremlin printer hudson stud freckles birdman aussie esther defiant margarita
deadhead polo anime tatyana jackal frogger bridget wayne research tobias mariners rootbeer blondes donnie
katrin weather aspirine frederic parola photo children account israel stephanie shaolin noodles celine willy
willis forgot hallo mandy rogers palace santos ohyeah magnus laurie creampie amazon kisses queen ludwig
fatass plymouth justdoit assfuck nellie putter broken nopass letsgo bryan bones tatiana camel champs lightnin
massive camelot bosco deanna gizmodo spidey caliente aezakmi goodtime mypass roller catherin active pooh
payton lonely redalert brucelee smokin porkchop astros aquarius thankyou atomic fletcher shopping mason
marian vanilla unknown sapphire temple marvel beckham kaktus myself sooner blacky hastings blackjac aggies
scream picture judith iforgot kasper cxfcnmt bangkok shitty spectrum eduard vader jammer painter primus
veritas ernest kristi chevrole amsterdam slappy valley pete hitler clancy spankme granny avenger satan
rosemary husker candyman beatrice scrappy simba falcons dylan harder atlantic labrador smudge syracuse
southern melody timmy elijah center darling throat stuff fatman krishna sanchez pancho gator pacman commando
vulcan bush clitoris lemons alice boner keith odessa barkley monopoly method kelley sara punkin pineappl
celtics lesbians space gangbang bennett lick flyboy hamburg asian carol spartans tricky romashka snuggles
boat infiniti anders billie life drago blake hermes jesse goose jeremiah vivian annette homerun dead forrest
carolyn topcat hayden cosworth vectra grover goodbye charlotte cuddles bossman horndog doberman gary telefon
dawg qawsedrf ivanov durango peugeot franco kyle plumber bell rbhbkk pauline exigent laguna emmanuel
webmaster bowler leopard strong theking redbull alan pics beast viktoria breeze topdog starbuck dance dalton
fuckers hungry beefcake reality gjkbyf speaker shelley godsmack clarence writer loveit kingpin nokia valhalla
night starfish anarchy herbie blacks content sailboat desert fitness brando bohica achilles tractor drake
bull hidden kicker labtec napass bart amelia tuesday frontier swingers caitlin muppet terror legacy farside
terminator bella matilda kentucky doughboy ramona butthole phillies jrcfyf camels dannyboy oakley nebraska
latin double qwertyuio sabbath chang pinkfloy homers striker looker fallen maryland luckydog azamat september
iguana oklahoma moloko vfrcbvrf javier vette daniil command rhonda studio pistol miles skiing franky stoner
conrad select tanya houses boris puppy elliot charmed vladik nathalie whocares maynard vkontakte ihateyou
puppies zidane eileen dilligaf crash mandingo moneys tyrone funny nevada kotenok mystic california budman
church carlton rafael technics bone stick golfball rookie panda laptop today jennie triton river trojans
bunghole zvezda hurrican central stripper dale filter jethro snow gustav ivan escape hawk igor aberdeen shane
lespaul rfnthbyf enterprise butch dthjybrf cutter splash handsome oilers randall cash nofear cupcake excalibu
momoney gbpltw bigger belinda svetik possum metal moocow brothers bethany keystone babyboy flamingo firefox
bogdan ccbill passwort soleil lancelot vipers marilyn tdutybq juliet leader madden russian australia sabina
chase coolman babies skinny zaphod kamikaze verona bacon noodle rebel doobie designer deadman attack vortex
killme dogman gopher somethin danila reagan cancel torres freaks azsxdc sassy donna dracula play poncho
bearbear boots engage deskjet bradford hammers deeznuts warhammer tight justine ralph fabian lewis blueblue
marissa oregon bubbas sinatra hilton meatball mailman dawson columbus manchest cthulhu macdaddy mighty
michaela grandma ready sterlin cartoon summit sentinel tolkien bicycle blow beverly breast lickit kathy
meghan universe capone jenna julius wendy bryant truelove helen nancy eatpussy hailey chair bowser kathryn
sexygirl fernand eleven rockets billyboy military demon davis jamesbon iloveyo traffic saint redhot microsof
sonic miracle microlab gofish pantyhos pilot lifetime rugby mayday aikido nina conner cutlass tree thekid
theodore titties sweden function polska danie gang market scotch lansing elvira bloody sexx hustler anfield
coke smut catman rush bonita tracy sony fast cheers tinman airbus peters china azsxdcfv santana hayley
station gabrie scottie orioles charlton saun fortuna dfkthbz rustam warlord retard fatima ultima kong
bigmoney rotten betty grumpy oranges superstar asdfjkl boxing xtreme denali selena zxcasd huskies terminal
wilbur kristy wildfire vladislav bikini thor hollywood mayhem sultan gretchen figaro sixers sparta saratoga
running models mojo greenbay cancun marlene trinidad tammy chewie hope feet crunch bigbird mellon bigtime
fashion piccolo fabie rjirfrgbde rovers meatloaf hyperion sandro rightnow jarhead armani treasure miriam
hansen natural lisalisa sport bizkit maradona sayang charli rfhbyf utopia anaconda japanese camilla coconut
govols emerson memory catherine jedi cosmo cruise giant ricky dragoon woofwoof giorgi packer poontang illini
christopher davids zaqxsw pedro sticks revenge exodus reebok chanel albatros cabbage goku wally beaner quincy
greens tomato toby chief richards adriana kenworth deborah down cooter dinosaur holyshit eeyore movies dana
lionking creamy adult poodle tsunami happyday knopka bogart corrado volley chickens orgasm whisper flying
first chocolate walleye hopper sean twisted chaser memorex ericsson jensen positive crazybab science frisco
dong jose zorro romance sherwood shania rereirf sausage milana tasha vfvekz profit zenith fugazi junebug
clemson tootsie fktrcfylhf comics zxcasdqwe vfczyz werner aspire hardrock condom cocks rachael gringo
anhyeuem madeline rich becky canon february alien harper stocks marcos clapton roberta coleman applepie
skywalker fubar theresa koshka tundra vitalik arjay gmoney bigsexy ingrid pillow fingers samiam dean davidson
skorpion candle nobody hellyeah better australi drew rockhard boob easy bears sparkle johanna everest rfrnec
hedgehog wolfie surf fart yosemite marisa voyeur baddog brad jazzman dicks tool temp cheetah slacker steele
mikemike wood pooppoop barsik valeria deniska fright karolina kirsten vfksirf kume kenshin bootie cyclone
starship monty balloon maxell dildo rupert milena bonsai lion salvador greatone vernon slider lillian admiral
cecilia stolen albion boys midget fuckin freeporn nikola hithere damnit dinamo francois cheng calico duchess
scratch powell stefano fortune nyjets artemis robotech roadkill backdoor rastaman fiesta felicia alliance
fletch jerkoff killbill goliath cinnamon rambler malaka tekken carrera bangbang jeanette marc fritz ramses
operator shado duster spank wibble alibaba mechanic keywest sword amsterda bristol pingpong rasputin marianne
hooter tara rctybz sanders faggot krista presto majestic nguyen fowler passwords buttman spurs carl pompey
trident viagra kipper kingfish gotohell angie guest garage heidi mattie slutty isaiah steeler wrestlin pooter
divine emma clipper charley macross railroad oleg seamus swimmer jokers thursday chico solnce erik kimber
guiness pussie mathew nature matador sparks typhoon hank retired subway slave ivanova ghetto florian vermont
tang ktyjxrf lolipop spears yzerman peterson magick phillips cinder shearer pupsik dfkthf allsop city grapes
pippen belle chad venus dammit barry caveman critter underdog skydive renault onlyme murder snoopdog jayhawk
hotshot caramel broadway kinky theboss fuckher train trout ding umbrella feather credit splinter depeche
seeker fuckthis respect crysis direct animals chemical cyclops chivas jamesbond blackhaw passpass sinclair
team megapass beanie translator helloo magicman cunts phil fishes supersta giuseppe caligula kill juggalo
frozen quattro usmc meredith java wassup rosie bullseye saturday pornos cohiba floppy alucard deacon heart
tabitha kristine tunafish dkflbckfd kickass vietnam kendall pearl safari gonzo crawford klingon rain looser
goalie damage maureen west dawn tazmania cigars facial deepthroat malina silence samara dfktynbyf fang
cruiser vector tommyboy jean banker horizon chainsaw button bigbear forfun abraham astrid carole andres
sharky royals christina small misfit work yousuck louis fallout scania maxx nudist getmoney budweise song
believe brighton absolut kungfu kostya monaco gunners vfhufhbnf mamapapa minime blueboy penthous chrisbln
steph whitey europa jade bertie daphne groucho champ benny grant mirror village trader stroke walrus susanne
number sabres nipper woman floyd snowboar undertaker flounder moneyman patty bottle kahuna canadian viewsonic
coolguy rules downtown wagner strange fabric trisha italian ybrjkfq cypress eastside sneakers passme topher
golfgolf barber sinbad frodo panasoni craig alfa mybaby skidoo massimo back jillian sparrow senior dalejr
thecat snapple mondeo leanne emmitt thanatos ghjcnjnfr maximum smegma thesims whitesox chong bonkers poseidon
musica doug johannes gargoyle olivier hambone bluedog intruder sunnyday cyber compute kids smelly spawn
wapbbs answer studly poppy paper simona solution newcastl adonis goodman sexxxx europe goldstar again quantum
buckshot static dollars titanium erica danzig jabroni library journey beastie chrono dang edwards jane gunnar
federico korn custom lance assholes daewoo jess briana watcher albina sunflowe dorian babyblue premier
staples nike stereo westwood usnavy boomboom fresh sasuke dharma pisces motherlode multiplelo hang bike
sapper scanner marius zeus racer callaway user bayern rover lamont rivers snoop over walmart micheal starfire
theend steel erotica aaliyah doogie renee paintbal paint tyson newbie knickers lokomotiv hotred ufkbyf laurel
shawn wasser jessic thirteen rjycnfynby avalanch outkast truman magpie scout philippe poetry havefun michell
cubbies losers hotpussy deejay fghtkm droopy blossom allmine zerocool janet tomorrow godfather abby greece
second reading greene sascha busted ming bimmer original ocean anne builder demons nitram pudding bounce
donuts fucku jeanne idontknow aleksey vfvfgfgf leonid smokes mylife beerbeer sims redfish working rodman
beaches hairy contact start luis bogey prissy gegcbr tights insert carla dante beretta francesc jewels searay
padres celeron mittens quartz ziggy diehard micron syncmaster cornell christie stunner rtyuehe hoosier peyton
paintball bing monalisa queens terrapin spongebob buzz attitude backup whisky clevelan ling cedric marin
barefoot artur chuckles barrett meathead bigass titty gretzky kosmos cfitymrf biggles cambiami thongs
blessing what aleksandra twinkle gladiator gollum southpark rabota mazafaka goodboy carbon scuba tango stoney
brent weaver will volvo footbal pianoman gaston casanova traveler clark stumpy hawkeyes clarinet looney mommy
maggot felipe bucket eduardo freeze sound
`;
