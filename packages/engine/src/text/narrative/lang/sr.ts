// Serbian (Latin script, ekavian): the shared South Slavic patterns (south-slavic.ts) with Serbian
// vocabulary ("voz", "pozorište", "bioskop", "aerodrom", "autoput", "prevoz", "kupovina").
import {southSlavicPack} from './south-slavic.js';

export default southSlavicPack({
    code: 'SR',
    locale: 'sr-Latn',
    titles: {tourism: 'Turizam', transports: 'Prevoz', education: 'Obrazovanje', shopping: 'Kupovina', cities: 'Obližnji gradovi', publictransports: 'Javni prevoz'},
    // Serbian counts in the masculine "minut": 1 minut, 2 minuta, 5 minuta (accusative = nominative).
    minute: {one: 'minut', oneAcc: 'minut', few: 'minuta', other: 'minuta'},
    hour: {one: 'sat', few: 'sata', other: 'sati'},
    modes: {1: 'automobilom', 2: 'peške', 3: 'biciklom', 4: 'javnim prevozom'},
    kinds: {
        nursery: {nom: 'jaslice', g: 'p'},
        preschool: {nom: 'dečji vrtić', g: 'm'},
        elementarySchool: {nom: 'osnovna škola', g: 'f'},
        secondarySchool: {nom: 'srednja škola', g: 'f'},
        trainStation: {nom: 'železnička stanica', g: 'f'},
        carSharing: {nom: 'stanica za deljenje automobila', g: 'f'},
        bikeSharing: {nom: 'stanica javnih bicikala', g: 'f'},
        airport: {nom: 'aerodrom', g: 'm'},
        chargingStation: {nom: 'stanica za punjenje električnih vozila', g: 'f'},
        supermarket: {nom: 'supermarket', g: 'm'},
        amusementPark: {nom: 'zabavni park', g: 'm'},
        museum: {nom: 'muzej', g: 'm'},
        zoo: {nom: 'zoološki vrt', g: 'm'},
        activity: {nom: 'aktivnost', g: 'f'},
        monument: {nom: 'spomenik', g: 'm'},
        attraction: {nom: 'turistička atrakcija', g: 'f'},
        castle: {nom: 'zamak', g: 'm'},
        theatre: {nom: 'pozorište', g: 'n'},
        cinema: {nom: 'bioskop', g: 'm'},
        golfCourse: {nom: 'teren za golf', g: 'm'}
    },
    place: {nom: 'mesto', g: 'n'},
    lines: {
        bus: {sgNom: 'autobuska linija', sgAcc: 'autobusku liniju', pl: 'autobuske linije', stop: 'najbliže autobusko stajalište'},
        tram: {sgNom: 'tramvajska linija', sgAcc: 'tramvajsku liniju', pl: 'tramvajske linije', stop: 'najbliže tramvajsko stajalište'},
        lightRail: {sgNom: 'linija lake železnice', sgAcc: 'liniju lake železnice', pl: 'linije lake železnice', stop: 'najbliže stajalište lake železnice'},
        metro: {sgNom: 'linija metroa', sgAcc: 'liniju metroa', pl: 'linije metroa', stop: 'najbliža stanica metroa'},
        train: {sgNom: 'linija voza', sgAcc: 'liniju voza', pl: 'linije vozova', stop: 'najbliža železnička stanica'}
    },
    words: {
        visit: 'Vredi posetiti',
        families: 'Porodice sa decom ceniće blizinu',
        goodNews: 'Dobra vest za porodice',
        ptUsers: 'Korisnici javnog prevoza',
        runSg: 'saobraća',
        runPl: 'saobraćaju',
        motorwayGen: 'autoputa',
        motorwayNetwork: 'Mreža [STRONG]autoputeva[/STRONG]',
        shopping: 'kupovinu namirnica',
        leisure: 'slobodno vreme'
    },
    intro: [
        (s) => `"${s}" je praktično mesto za život, sa lakim pristupom prodavnicama, prevozu i osnovnim uslugama.`,
        (s) => `Stanovanje u blizini adrese "${s}" znači praktičan svakodnevni život: prodavnice, prevoz i osnovne usluge su nadohvat ruke.`
    ],
    outro: [
        'Raznovrsnost dostupnih sadržaja u blizini doprinosi kvalitetu života u ovom kraju.',
        'Sve što vam je potrebno za svakodnevni život nalazi se u blizini.'
    ]
});
