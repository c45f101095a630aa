// The words of the plugins' own controls (the data's labels come translated from the API). A language
// without its column here reads English; a missing word falls back to English too.
const WORDS = {
    EN: {
        Walking: 'On foot', Bicycling: 'By bike', Driving: 'By car', Transit: 'Public transport',
        mode: 'Travel mode', route: 'Route', routeFrom: 'Route from the property', routeHint: 'Click a place on the map to see the route to it.',
        close: 'Close', clear: 'Clear', destination: 'To', clickedPlace: 'the place you clicked', time: 'Time', distance: 'Distance',
        isochrone: 'Reachable in 5, 10 and 20 minutes', minutes: 'min', pois: 'Places of interest', showPois: 'Show places', hidePois: 'Hide places',
        summary: 'Nearby', scores: 'Scores', scoreOf: 'out of 10', map: 'Map of the neighbourhood', categories: 'Categories',
        approximate: 'Approximate location', noRoute: 'No route was found.', loading: 'Loading…', property: 'The property'
    },
    FR: {
        Walking: 'À pied', Bicycling: 'À vélo', Driving: 'En voiture', Transit: 'Transports en commun',
        mode: 'Mode de déplacement', route: 'Itinéraire', routeFrom: 'Itinéraire depuis le bien', routeHint: 'Cliquez sur un lieu de la carte pour voir l\'itinéraire.',
        close: 'Fermer', clear: 'Effacer', destination: 'Vers', clickedPlace: 'le lieu choisi', time: 'Durée', distance: 'Distance',
        isochrone: 'Accessible en 5, 10 et 20 minutes', minutes: 'min', pois: 'Points d\'intérêt', showPois: 'Afficher les lieux', hidePois: 'Masquer les lieux',
        summary: 'À proximité', scores: 'Scores', scoreOf: 'sur 10', map: 'Carte du quartier', categories: 'Catégories',
        approximate: 'Emplacement approximatif', noRoute: 'Aucun itinéraire trouvé.', loading: 'Chargement…', property: 'Le bien'
    },
    NL: {
        Walking: 'Te voet', Bicycling: 'Met de fiets', Driving: 'Met de auto', Transit: 'Openbaar vervoer',
        mode: 'Vervoerswijze', route: 'Route', routeFrom: 'Route vanaf de woning', routeHint: 'Klik op een plaats op de kaart om de route te zien.',
        close: 'Sluiten', clear: 'Wissen', destination: 'Naar', clickedPlace: 'de gekozen plaats', time: 'Tijd', distance: 'Afstand',
        isochrone: 'Bereikbaar in 5, 10 en 20 minuten', minutes: 'min', pois: 'Bezienswaardigheden', showPois: 'Plaatsen tonen', hidePois: 'Plaatsen verbergen',
        summary: 'In de buurt', scores: 'Scores', scoreOf: 'op 10', map: 'Kaart van de buurt', categories: 'Categorieën',
        approximate: 'Geschatte locatie', noRoute: 'Geen route gevonden.', loading: 'Laden…', property: 'De woning'
    },
    DE: {
        Walking: 'Zu Fuß', Bicycling: 'Mit dem Rad', Driving: 'Mit dem Auto', Transit: 'Öffentliche Verkehrsmittel',
        mode: 'Verkehrsmittel', route: 'Route', routeFrom: 'Route von der Immobilie', routeHint: 'Klicken Sie auf einen Ort der Karte, um die Route zu sehen.',
        close: 'Schließen', clear: 'Löschen', destination: 'Nach', clickedPlace: 'dem gewählten Ort', time: 'Dauer', distance: 'Entfernung',
        isochrone: 'Erreichbar in 5, 10 und 20 Minuten', minutes: 'Min.', pois: 'Orte', showPois: 'Orte zeigen', hidePois: 'Orte ausblenden',
        summary: 'In der Nähe', scores: 'Bewertungen', scoreOf: 'von 10', map: 'Karte der Umgebung', categories: 'Kategorien',
        approximate: 'Ungefähre Lage', noRoute: 'Keine Route gefunden.', loading: 'Wird geladen…', property: 'Die Immobilie'
    }
};

/** The page's words in `language` (two letters), English where it has none. */
export function labelsFor(language) {
    return {...WORDS.EN, ...(WORDS[String(language ?? '').toUpperCase()] ?? {})};
}

/** The travel modes of /route, in the order the pickers offer them. */
export const TRAVEL_MODES = ['Walking', 'Bicycling', 'Driving', 'Transit'];

/** "12 min" / "1 h 05" from seconds. */
export function formatDuration(seconds, words) {
    const minutes = Math.max(1, Math.round(seconds / 60));
    if (minutes < 60) return `${minutes} ${words.minutes}`;
    return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

/** "350 m" / "1.3 km" from metres, with the language's decimal separator. */
export function formatDistance(metres, language) {
    if (metres < 1000) return `${Math.round(metres)} m`;
    const km = new Intl.NumberFormat(language ? language.toLowerCase() : 'en', {maximumFractionDigits: 1}).format(metres / 1000);
    return `${km} km`;
}
