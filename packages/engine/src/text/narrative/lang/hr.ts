// Croatian: the shared South Slavic patterns (south-slavic.ts) with Croatian vocabulary
// (ijekavian; "vlak", "kazalište", "zračna luka", "kolodvor", "kupnja").
import {southSlavicPack} from './south-slavic.js';

export default southSlavicPack({
    code: 'HR',
    locale: 'hr',
    titles: {tourism: 'Turizam', transports: 'Prijevoz', education: 'Obrazovanje', shopping: 'Kupnja', cities: 'Obližnji gradovi', publictransports: 'Javni prijevoz'},
    minute: {one: 'minuta', oneAcc: 'minutu', few: 'minute', other: 'minuta'},
    hour: {one: 'sat', few: 'sata', other: 'sati'},
    modes: {1: 'automobilom', 2: 'pješice', 3: 'biciklom', 4: 'javnim prijevozom'},
    kinds: {
        nursery: {nom: 'jaslice', g: 'p'},
        preschool: {nom: 'dječji vrtić', g: 'm'},
        elementarySchool: {nom: 'osnovna škola', g: 'f'},
        secondarySchool: {nom: 'srednja škola', g: 'f'},
        trainStation: {nom: 'željeznički kolodvor', g: 'm'},
        carSharing: {nom: 'postaja za dijeljenje automobila', g: 'f'},
        bikeSharing: {nom: 'postaja javnih bicikala', g: 'f'},
        airport: {nom: 'zračna luka', g: 'f'},
        chargingStation: {nom: 'punionica za električna vozila', g: 'f'},
        supermarket: {nom: 'supermarket', g: 'm'},
        amusementPark: {nom: 'zabavni park', g: 'm'},
        museum: {nom: 'muzej', g: 'm'},
        zoo: {nom: 'zoološki vrt', g: 'm'},
        activity: {nom: 'aktivnost', g: 'f'},
        monument: {nom: 'spomenik', g: 'm'},
        attraction: {nom: 'turistička atrakcija', g: 'f'},
        castle: {nom: 'dvorac', g: 'm'},
        theatre: {nom: 'kazalište', g: 'n'},
        cinema: {nom: 'kino', g: 'n'},
        golfCourse: {nom: 'golf igralište', g: 'n'}
    },
    place: {nom: 'mjesto', g: 'n'},
    lines: {
        bus: {sgNom: 'autobusna linija', sgAcc: 'autobusnu liniju', pl: 'autobusne linije', stop: 'najbliže autobusno stajalište'},
        tram: {sgNom: 'tramvajska linija', sgAcc: 'tramvajsku liniju', pl: 'tramvajske linije', stop: 'najbliže tramvajsko stajalište'},
        lightRail: {sgNom: 'linija lake željeznice', sgAcc: 'liniju lake željeznice', pl: 'linije lake željeznice', stop: 'najbliže stajalište lake željeznice'},
        metro: {sgNom: 'linija metroa', sgAcc: 'liniju metroa', pl: 'linije metroa', stop: 'najbliža postaja metroa'},
        train: {sgNom: 'linija vlaka', sgAcc: 'liniju vlaka', pl: 'linije vlakova', stop: 'najbliža željeznička postaja'}
    },
    words: {
        visit: 'Vrijedi posjetiti',
        families: 'Obitelji s djecom cijenit će blizinu',
        goodNews: 'Dobra vijest za obitelji',
        ptUsers: 'Korisnici javnog prijevoza',
        runSg: 'prometuje',
        runPl: 'prometuju',
        motorwayGen: 'autoceste',
        motorwayNetwork: 'Mreža [STRONG]autocesta[/STRONG]',
        shopping: 'kupnju namirnica',
        leisure: 'slobodno vrijeme'
    },
    intro: [
        (s) => `"${s}" je praktično mjesto za život, s lakim pristupom trgovinama, prijevozu i osnovnim uslugama.`,
        (s) => `Stanovanje u blizini adrese "${s}" znači praktičan svakodnevni život: trgovine, prijevoz i osnovne usluge su nadohvat ruke.`
    ],
    outro: [
        'Raznolikost dostupnih sadržaja u blizini doprinosi kvaliteti života u ovom kvartu.',
        'Sve što vam treba za svakodnevni život nalazi se u blizini.'
    ]
});
