"""Random values of the kinds a bill of lading holds, in English, Spanish and French.

Every generator takes a `random.Random` so a seed reproduces the same lines. The word lists are written here
(no corpus is downloaded); they are broad on purpose so the model learns letters, not a list of names.
"""
import random

FIRST = ("Acme Apex Atlas Blue Bright Cedar Coastal Delta Eagle Empire Evergreen Falcon Frontier Global Golden "
         "Granite Harbor Heartland Horizon Iron Keystone Lakeside Liberty Lone Maple Meridian Midwest Northern "
         "Oak Pacific Patriot Pioneer Prairie Red River Rocky Royal Summit Sun Titan Tri Union United Valley "
         "Vista Western Willow Zenith Sierra Norte Sol Azteca Pacifico Golfo Laurentide Boreal Nordique Saint "
         "Fleuve Montagne Rivera Garza Martinez Gonzalez Lopez Hernandez Dubois Tremblay Gagnon Roy Cote "
         "Bouchard Gauthier Morin Lavoie Fortin Pelletier Bélanger Lévesque Bergeron Côté Gagné Ramírez Muñoz "
         "Peña Núñez Ibáñez Jiménez Gómez Pérez Sánchez Márquez Cortés Méndez Ortíz Vázquez Müller Hélène").split()
SECOND = ("Freight Logistics Foods Steel Paper Plastics Chemical Distribution Supply Manufacturing Industries "
          "Packaging Farms Produce Metals Lumber Textiles Transport Trucking Carriers Express Warehouse Brands "
          "Beverages Electronics Auto Parts Tools Glass Cement Fertilizer Medical Pharma Home Furniture "
          "Transportes Alimentos Aceros Distribuidora Comercializadora Industrias Empaques Fletes Bodegas "
          "Refacciones Logística Mudanzas Química Papelera Transports Aliments Acier Entrepôts Messageries "
          "Emballages Pâtes Quincaillerie Matériaux Fromagerie Boulangerie Érablière").split()
SUFFIX = ["Inc", "Inc.", "LLC", "Co", "Co.", "Corp", "Corp.", "Ltd", "Ltd.", "Company", "S.A. de C.V.",
          "SA de CV", "S. de R.L.", "Ltée", "Inc./Ltée", "S.A.", "& Sons", "Group", "Holdings", "LP", ""]
STREET_NAMES = ("Main Oak Maple Pine Cedar Elm Washington Lincoln Jefferson Industrial Commerce Market Park "
                "Lake Hill River Airport Railroad Harbor Center Mill Church Franklin Madison Jackson Grant "
                "Reforma Juárez Hidalgo Morelos Insurgentes Zaragoza Allende Constitución Revolución Carranza "
                "Niños Héroes Sainte-Catherine Saint-Laurent Notre-Dame Sherbrooke Côte-des-Neiges Fleury "
                "Champlain Laurier Frontenac Montréal Québec Lévis Chênes Érables").split()
STREET_TYPES = ["St", "St.", "Street", "Ave", "Ave.", "Avenue", "Blvd", "Blvd.", "Rd", "Rd.", "Road", "Dr",
                "Dr.", "Drive", "Hwy", "Highway", "Pkwy", "Ln", "Way", "Ct", "Pl"]
CITIES = ("Chicago Houston Dallas Phoenix Denver Atlanta Memphis Louisville Columbus Indianapolis Nashville "
          "Charlotte Omaha Tulsa Laredo El Paso Fresno Reno Boise Spokane Portland Seattle Detroit Toledo Akron "
          "Buffalo Albany Newark Scranton Allentown Harrisburg Savannah Jacksonville Tampa Orlando Miami Mobile "
          "Birmingham Jackson Shreveport Baton Rouge Little Rock Wichita Topeka Des Moines Madison Milwaukee "
          "Green Bay Duluth Fargo Sioux Falls Billings Cheyenne Salt Lake City Las Vegas San Antonio Fort Worth "
          "Kansas City St. Louis Oklahoma City Albuquerque Monterrey Guadalajara Querétaro León Saltillo "
          "Toluca Puebla Tijuana Mexicali Chihuahua Hermosillo Mérida Cancún Nuevo Laredo Reynosa Matamoros "
          "Aguascalientes Celaya Irapuato Morelia Torreón Durango Culiacán Mazatlán Veracruz Oaxaca Zapopan "
          "Tlalnepantla Naucalpan Montréal Québec Laval Gatineau Longueuil Sherbrooke Lévis Trois-Rivières "
          "Saint-Jean-sur-Richelieu Drummondville Saguenay Rimouski Toronto Mississauga Brampton Hamilton "
          "London Windsor Ottawa Winnipeg Calgary Edmonton Regina Saskatoon Vancouver Surrey Halifax Moncton").split()
MULTI_CITIES = ["El Paso", "Baton Rouge", "Little Rock", "Des Moines", "Green Bay", "Sioux Falls",
                "Salt Lake City", "Las Vegas", "San Antonio", "Fort Worth", "Kansas City", "St. Louis",
                "Oklahoma City", "Nuevo Laredo", "Ciudad Juárez", "San Luis Potosí", "Ciudad de México",
                "Santa Catarina", "San Pedro Garza García", "Apodaca", "Saint-Hyacinthe", "Val-d'Or",
                "Baie-Comeau", "Sept-Îles", "Thunder Bay"]
US_STATES = ("AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC "
             "ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC").split()
CA_PROV = "AB BC MB NB NL NS NT NU ON PE QC SK YT".split()
MX_STATES = ("AGS BC BCS CAMP CHIS CHIH COAH COL CDMX DGO GTO GRO HGO JAL MEX MICH MOR NAY NL OAX PUE QRO QROO "
             "SLP SIN SON TAB TAMPS TLAX VER YUC ZAC").split()
MX_STATE_NAMES = ["Nuevo León", "Jalisco", "Querétaro", "Estado de México", "Coahuila", "Chihuahua",
                  "Tamaulipas", "Guanajuato", "Michoacán", "Yucatán", "San Luis Potosí", "Sonora"]
CA_PROV_NAMES = ["Québec", "Ontario", "Alberta", "Colombie-Britannique", "Nouveau-Brunswick", "Manitoba"]
MONTHS_EN = "January February March April May June July August September October November December".split()
MONTHS_ES = "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split()
MONTHS_FR = "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()
UNITS = ["lbs", "lb", "LBS", "LB", "kg", "KG", "Kg", "kgs", "lbs.", "#", "libras", "kilos", "t"]
PIECE_UNITS = ["pcs", "PCS", "pallets", "PLTS", "plts", "cartons", "CTNS", "ctns", "skids", "drums", "bags",
               "boxes", "pieces", "tarimas", "cajas", "bultos", "piezas", "palettes", "caisses", "colis",
               "barils", "crates", "rolls", "bundles", "totes", ""]
MISC = ("Handle with care|Do not stack|Keep frozen|Fragile|Deliver by appointment|Call before delivery|"
        "Liftgate required|Inside delivery|Hazmat|Freight collect|Prepaid|Third party|COD|No aplica|Frágil|"
        "Manéjese con cuidado|Flete pagado|Por cobrar|Entrega con cita|Mantener refrigerado|Ne pas gerber|"
        "Fragile – manipuler avec soin|Port payé|Port dû|Livraison sur rendez-vous|Garder au froid|"
        "Shipper load and count|Seal intact|Consignee|Shipper|Carrier|Bill to|Ship to|Ship from|Remitente|"
        "Destinatario|Transportista|Expéditeur|Destinataire|Transporteur|Signature|Firma|Received by|Reçu par|"
        "General merchandise|Auto parts|Paper goods|Canned food|Mercancía general|Refacciones|Marchandises "
        "générales|Pièces d'auto|Class 70|Class 85|Class 92.5|NMFC 156600|FAK|Total|Peso|Poids|Bultos|Colis").split("|")

KINDS = ["company", "street", "city", "state", "zip", "date", "weight", "pieces", "bol", "po", "pro",
         "order", "scac", "misc"]


def _digits(r: random.Random, n: int) -> str:
    return "".join(r.choice("0123456789") for _ in range(n))


def _letters(r: random.Random, n: int) -> str:
    return "".join(r.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(n))


def _case(r: random.Random, s: str) -> str:
    # Hands write in capitals about as often as in mixed case.
    x = r.random()
    return s.upper() if x < 0.35 else s.lower() if x < 0.42 else s


def company(r):
    parts = [r.choice(FIRST)] + ([r.choice(FIRST)] if r.random() < 0.25 else []) + [r.choice(SECOND)]
    suf = r.choice(SUFFIX)
    return _case(r, " ".join(parts) + (" " + suf if suf else ""))


def street(r):
    x = r.random()
    if x < 0.55:
        s = f"{r.randint(1, 99999)} {r.choice(STREET_NAMES)} {r.choice(STREET_TYPES)}"
        if r.random() < 0.25:
            s += r.choice([f" Suite {r.randint(1, 999)}", f" Ste {r.randint(1, 999)}", f" #{r.randint(1, 99)}",
                           f" Unit {r.choice('ABCD')}{r.randint(1, 20)}", f" Dock {r.randint(1, 40)}"])
    elif x < 0.8:
        s = (f"{r.choice(['Av.', 'Calle', 'Blvd.', 'Carretera', 'Privada', 'Calz.'])} {r.choice(STREET_NAMES)} "
             f"{r.choice(['#', 'No. ', 'Núm. ', ''])}{r.randint(1, 9999)}")
        if r.random() < 0.3:
            s += r.choice([f" Col. {r.choice(FIRST)}", f" Int. {r.randint(1, 40)}", " Parque Industrial"])
    else:
        s = f"{r.randint(1, 9999)}, {r.choice(['rue', 'boul.', 'avenue', 'chemin', 'route', 'rang'])} {r.choice(STREET_NAMES)}"
    return _case(r, s)


def city(r):
    return _case(r, r.choice(MULTI_CITIES) if r.random() < 0.3 else r.choice(CITIES))


def state(r):
    x = r.random()
    if x < 0.6:
        return r.choice(US_STATES)
    if x < 0.75:
        return r.choice(CA_PROV)
    if x < 0.88:
        return r.choice(MX_STATES)
    return _case(r, r.choice(MX_STATE_NAMES + CA_PROV_NAMES))


def zip_code(r):
    x = r.random()
    if x < 0.45:
        return _digits(r, 5)
    if x < 0.55:
        return _digits(r, 5) + "-" + _digits(r, 4)
    if x < 0.75:
        return r.choice(["", "C.P. ", "CP ", "C.P."]) + _digits(r, 5)
    a = "ABCEGHJKLMNPRSTVXY"
    s = f"{r.choice(a)}{r.randint(0, 9)}{r.choice(a)}{r.choice([' ', ' ', ''])}{r.randint(0, 9)}{r.choice(a)}{r.randint(0, 9)}"
    return s


def city_line(r):
    # "Laredo, TX 78045" — the address's last line as a hand writes it.
    return f"{city(r)}{r.choice([', ', ' ', ','])}{state(r)} {zip_code(r)}"


def date(r):
    y, m, d = r.randint(2019, 2031), r.randint(1, 12), r.randint(1, 28)
    yy = f"{y % 100:02d}"
    forms = [f"{m}/{d}/{y}", f"{m:02d}/{d:02d}/{y}", f"{m}/{d}/{yy}", f"{d:02d}/{m:02d}/{y}", f"{d}/{m}/{y}",
             f"{y}-{m:02d}-{d:02d}", f"{m:02d}-{d:02d}-{y}", f"{d:02d}.{m:02d}.{y}", f"{d}-{m}-{yy}",
             f"{MONTHS_EN[m - 1]} {d}, {y}", f"{MONTHS_EN[m - 1][:3]} {d}, {y}", f"{MONTHS_EN[m - 1][:3]}. {d} {y}",
             f"{d} {MONTHS_EN[m - 1][:3]} {y}", f"{d:02d}-{MONTHS_EN[m - 1][:3].upper()}-{y}",
             f"{d} de {MONTHS_ES[m - 1]} de {y}", f"{d}/{MONTHS_ES[m - 1][:3]}/{y}",
             f"{d} {MONTHS_FR[m - 1]} {y}", f"le {d} {MONTHS_FR[m - 1]} {y}", f"{d:02d}/{m:02d}/{yy}"]
    return r.choice(forms)


def weight(r):
    n = r.choice([r.randint(1, 999), r.randint(100, 45000), r.randint(1000, 45000)])
    s = f"{n:,}" if n >= 1000 and r.random() < 0.5 else str(n)
    if r.random() < 0.15:
        s += f".{r.randint(0, 9)}"
    if r.random() < 0.1:
        s = s.replace(",", " ") if "," in s else s
    u = r.choice(UNITS)
    return s + ("" if u == "#" else r.choice([" ", " ", ""])) + u if r.random() < 0.9 else s


def pieces(r):
    n = r.choice([r.randint(1, 30), r.randint(1, 999)])
    u = r.choice(PIECE_UNITS)
    return f"{n} {u}".strip() if r.random() < 0.8 else str(n)


def bol(r):
    x = r.random()
    if x < 0.3:
        return _digits(r, r.randint(6, 10))
    if x < 0.45:
        return _digits(r, 17)
    if x < 0.7:
        return _letters(r, r.randint(2, 4)) + r.choice(["", "-"]) + _digits(r, r.randint(5, 9))
    return _case(r, r.choice(["BOL ", "BOL# ", "B/L ", "BL-", "No. ", "Folio "])) + _digits(r, r.randint(5, 10))


def po(r):
    x = r.random()
    if x < 0.4:
        return _digits(r, r.randint(5, 10))
    if x < 0.7:
        return r.choice(["PO", "PO-", "PO#", "P.O. ", "OC-", "BC-"]) + _digits(r, r.randint(4, 9))
    return _letters(r, r.randint(1, 3)) + _digits(r, r.randint(4, 8)) + (("-" + _digits(r, 2)) if r.random() < 0.3 else "")


def pro(r):
    x = r.random()
    if x < 0.5:
        return _digits(r, r.randint(8, 11))
    if x < 0.75:
        return _digits(r, 3) + "-" + _digits(r, r.randint(6, 8))
    return r.choice(["PRO ", "PRO# ", "Pro "]) + _digits(r, r.randint(7, 10))


def order(r):
    x = r.random()
    if x < 0.4:
        return r.choice(["SO", "SO-", "ORD", "ORD-", "Order ", "Pedido ", "Cde "]) + _digits(r, r.randint(4, 8))
    if x < 0.7:
        return _digits(r, r.randint(5, 9))
    return _letters(r, 2) + _digits(r, r.randint(3, 6)) + _letters(r, r.randint(0, 2))


def scac(r):
    return _letters(r, r.choice([2, 4, 4, 4, 3]))


def misc(r):
    return _case(r, r.choice(MISC))


GENERATORS = {"company": company, "street": street, "city": city, "state": state, "zip": zip_code,
              "date": date, "weight": weight, "pieces": pieces, "bol": bol, "po": po, "pro": pro,
              "order": order, "scac": scac, "misc": misc}


def sample(r: random.Random):
    """One (kind, text). Sometimes a full city line or two values side by side, as on a form row."""
    x = r.random()
    if x < 0.08:
        return "city", city_line(r)
    kind = r.choice(KINDS)
    text = GENERATORS[kind](r)
    if x > 0.93:
        text = text + r.choice(["  ", " ", " / ", " - "]) + GENERATORS[r.choice(KINDS)](r)
    return kind, text
