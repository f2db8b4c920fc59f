/**
 * The documents the connector sends, sized to stay under Shopify's single-query maximum of 1,000 cost points
 * (a connection costs 2 plus `first` times one node): ten orders of up to 25 lines each cost 832, so a page is ten
 * orders and a longer order's remaining lines come by their own query.
 */

export const ORDERS_PAGE = 10;
export const RETURNS_ORDERS_PAGE = 5;

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface Conn<T> {
  pageInfo: PageInfo;
  nodes: T[];
}

export interface Amount {
  shopMoney: { amount: string };
}

export const SHOP = /* GraphQL */ `
  query Shop {
    shop { name myshopifyDomain currencyCode }
  }
`;
export interface ShopData {
  shop: { name: string; myshopifyDomain: string; currencyCode: string };
}

export const LOCATION = /* GraphQL */ `
  query Location($id: ID!) {
    location(id: $id) { id name isActive }
  }
`;
export interface LocationData {
  location: { id: string; name: string; isActive: boolean } | null;
}

const LINE_FIELDS = /* GraphQL */ `
  fragment LineFields on LineItem {
    id sku name quantity
    discountedUnitPriceAfterAllDiscountsSet { shopMoney { amount } }
  }
`;
export interface LineNode {
  id: string;
  sku: string | null;
  name: string;
  quantity: number;
  discountedUnitPriceAfterAllDiscountsSet: Amount;
}

export const ORDERS = /* GraphQL */ `
  query Orders($first: Int!, $after: String, $query: String!) {
    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes {
        id name createdAt processedAt updatedAt cancelledAt email phone currencyCode taxesIncluded
        displayFinancialStatus displayFulfillmentStatus
        customer { displayName phone }
        shippingAddress { name company address1 address2 city province zip countryCodeV2 phone }
        shippingLine { title }
        totalShippingPriceSet { shopMoney { amount } }
        lineItems(first: 25) { pageInfo { hasNextPage endCursor } nodes { ...LineFields } }
      }
    }
  }
  ${LINE_FIELDS}
`;
export interface OrderNode {
  id: string;
  name: string;
  createdAt: string;
  processedAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  email: string | null;
  phone: string | null;
  currencyCode: string;
  taxesIncluded: boolean;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  customer: { displayName: string; phone: string | null } | null;
  shippingAddress: {
    name: string | null;
    company: string | null;
    address1: string | null;
    address2: string | null;
    city: string | null;
    province: string | null;
    zip: string | null;
    countryCodeV2: string | null;
    phone: string | null;
  } | null;
  shippingLine: { title: string } | null;
  totalShippingPriceSet: Amount;
  lineItems: Conn<LineNode>;
}
export interface OrdersData {
  orders: Conn<OrderNode>;
}

export const ORDER_LINES = /* GraphQL */ `
  query OrderLines($id: ID!, $after: String) {
    order(id: $id) {
      lineItems(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ...LineFields } }
    }
  }
  ${LINE_FIELDS}
`;
export interface OrderLinesData {
  order: { lineItems: Conn<LineNode> } | null;
}

export interface FulfillmentOrderNode {
  id: string;
  status: string;
  lineItems: Conn<{ id: string; remainingQuantity: number; lineItem: { id: string } }>;
}

export const FULFILLMENT_STATE = /* GraphQL */ `
  query FulfillmentState($id: ID!, $after: String) {
    order(id: $id) {
      id cancelledAt
      fulfillments(first: 20) { id trackingInfo(first: 5) { number } }
      fulfillmentOrders(first: 5, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes {
          id status
          lineItems(first: 50) { pageInfo { hasNextPage endCursor } nodes { id remainingQuantity lineItem { id } } }
        }
      }
    }
  }
`;
export interface FulfillmentStateData {
  order: {
    id: string;
    cancelledAt: string | null;
    fulfillments: { id: string; trackingInfo: { number: string | null }[] }[];
    fulfillmentOrders: Conn<FulfillmentOrderNode>;
  } | null;
}

export const FULFILLMENT_ORDER_LINES = /* GraphQL */ `
  query FulfillmentOrderLines($id: ID!, $after: String) {
    fulfillmentOrder(id: $id) {
      lineItems(first: 250, after: $after) { pageInfo { hasNextPage endCursor } nodes { id remainingQuantity lineItem { id } } }
    }
  }
`;
export interface FulfillmentOrderLinesData {
  fulfillmentOrder: { lineItems: FulfillmentOrderNode['lineItems'] } | null;
}

export const FULFILLMENT_CREATE = /* GraphQL */ `
  mutation FulfillmentCreate($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status }
      userErrors { field message }
    }
  }
`;
export interface UserError {
  field: string[] | null;
  message: string;
  code?: string | null;
}
export interface FulfillmentCreateData {
  fulfillmentCreate: { fulfillment: { id: string; status: string } | null; userErrors: UserError[] } | null;
}

export const SET_QUANTITIES = /* GraphQL */ `
  mutation SetQuantities($input: InventorySetQuantitiesInput!) {
    inventorySetQuantities(input: $input) {
      inventoryAdjustmentGroup { id }
      userErrors { field message code }
    }
  }
`;
export interface SetQuantitiesData {
  inventorySetQuantities: { inventoryAdjustmentGroup: { id: string } | null; userErrors: UserError[] } | null;
}

export const AVAILABLE = /* GraphQL */ `
  query Available($ids: [ID!]!, $location: ID!) {
    nodes(ids: $ids) {
      ... on InventoryItem { id inventoryLevel(locationId: $location) { quantities(names: ["available"]) { quantity } } }
    }
  }
`;
export interface AvailableData {
  nodes: ({ id?: string; inventoryLevel?: { quantities: { quantity: number }[] } | null } | null)[];
}

export const REFUND_STATE = /* GraphQL */ `
  query RefundState($id: ID!) {
    order(id: $id) {
      id currencyCode
      refunds(first: 50) { id note }
      transactions(first: 20) { id kind status gateway }
    }
  }
`;
export interface RefundStateData {
  order: {
    id: string;
    currencyCode: string;
    refunds: { id: string; note: string | null }[];
    transactions: { id: string; kind: string; status: string; gateway: string | null }[];
  } | null;
}

export const REFUND_CREATE = /* GraphQL */ `
  mutation RefundCreate($input: RefundInput!) {
    refundCreate(input: $input) {
      refund { id }
      userErrors { field message }
    }
  }
`;
export interface RefundCreateData {
  refundCreate: { refund: { id: string } | null; userErrors: UserError[] } | null;
}

const RETURN_LINE_FIELDS = /* GraphQL */ `
  fragment ReturnLineFields on ReturnLineItemType {
    ... on ReturnLineItem { id quantity returnReason returnReasonNote fulfillmentLineItem { lineItem { id sku } } }
  }
`;
const RETURN_FIELDS = /* GraphQL */ `
  fragment ReturnFields on Return {
    id name status
    returnLineItems(first: 10) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ReturnLineFields }
    }
  }
  ${RETURN_LINE_FIELDS}
`;
export interface ReturnLineNode {
  id?: string;
  quantity?: number;
  returnReason?: string;
  returnReasonNote?: string;
  fulfillmentLineItem?: { lineItem: { id: string; sku: string | null } };
}
export interface ReturnNode {
  id: string;
  name: string;
  status: string;
  returnLineItems: Conn<ReturnLineNode>;
}

export const RETURNS = /* GraphQL */ `
  query Returns($first: Int!, $after: String, $query: String!) {
    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes { id updatedAt returns(first: 5) { pageInfo { hasNextPage endCursor } nodes { ...ReturnFields } } }
    }
  }
  ${RETURN_FIELDS}
`;
export interface ReturnsData {
  orders: Conn<{ id: string; updatedAt: string; returns: Conn<ReturnNode> }>;
}

export const ORDER_RETURNS = /* GraphQL */ `
  query OrderReturns($id: ID!, $after: String) {
    order(id: $id) { returns(first: 10, after: $after) { pageInfo { hasNextPage endCursor } nodes { ...ReturnFields } } }
  }
  ${RETURN_FIELDS}
`;
export interface OrderReturnsData {
  order: { returns: Conn<ReturnNode> } | null;
}

export const RETURN_LINES = /* GraphQL */ `
  query ReturnLines($id: ID!, $after: String) {
    return(id: $id) { returnLineItems(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ...ReturnLineFields } } }
  }
  ${RETURN_LINE_FIELDS}
`;
export interface ReturnLinesData {
  return: { returnLineItems: Conn<ReturnLineNode> } | null;
}

/** Every node of a connection: the first page as given, the rest fetched by `more(after)`. */
export async function allNodes<T>(first: Conn<T>, more: (after: string) => Promise<Conn<T> | null>): Promise<T[]> {
  const nodes = [...first.nodes];
  let page: Conn<T> | null = first;
  while (page?.pageInfo.hasNextPage && page.pageInfo.endCursor) {
    page = await more(page.pageInfo.endCursor);
    nodes.push(...(page?.nodes ?? []));
  }
  return nodes;
}
