import PanelKit

/// The products the shop sells most: a picture, a name, a category and a price a row.
final class Catalogue: ListDataSource {
    struct Product {
        let name: String
        let category: String
        let price: String
    }

    let items = [
        Product(name: "Blue T-shirt", category: "Clothes", price: "$722"),
        Product(name: "Blue T-shirt", category: "Clothes", price: "$411"),
        Product(name: "Blue T-shirt", category: "Clothes", price: "$917"),
        Product(name: "Blue T-shirt", category: "Clothes", price: "$64"),
        Product(name: "Blue T-shirt", category: "Clothes", price: "$805"),
        Product(name: "Blue T-shirt", category: "Clothes", price: "$453"),
    ]
    private let picture = Style.picture(Pictures.tshirt, "tshirt")

    func numberOfRows(in list: ListView) -> Int { items.count }

    func list(_ list: ListView, cellForRowAt row: Int) -> ListCell {
        let cell = list.dequeueReusableCell(withIdentifier: "product", for: row)
        guard let cell = cell as? ProductCell else { return cell }
        let product = items[row]
        cell.picture.image = picture
        cell.name.text = product.name
        cell.category.text = product.category
        cell.price.text = product.price
        return cell
    }
}
